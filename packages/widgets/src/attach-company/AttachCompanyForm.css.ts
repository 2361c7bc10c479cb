import { style } from '@vanilla-extract/css';
import { formLayout } from '../form/form.css';

/** The whole widget, a form laid out in the shared account-widget column. */
export const root = style([formLayout]);

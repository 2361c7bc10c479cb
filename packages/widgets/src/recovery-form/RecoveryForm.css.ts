import { style } from '@vanilla-extract/css';
import { formLayout } from '../form/form.css';

/** The whole widget: heading, intro, the current step's form and the way back to login. */
export const root = style([formLayout]);

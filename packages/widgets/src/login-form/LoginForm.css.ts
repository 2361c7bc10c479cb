import { style } from '@vanilla-extract/css';
import { formLayout } from '../form/form.css';
import { segment, segmentGroup } from '../styles/segmented.css';

/** The whole widget: heading, method tabs, the form and the links, in the shared account-widget column. */
export const root = style([formLayout]);

/** The segmented "Password | Code" switch. */
export const tabList = style([segmentGroup, { display: 'flex' }]);

/** One method tab; the selected one is filled. */
export const tab = style([segment, { flex: 1, minHeight: '40px' }]);

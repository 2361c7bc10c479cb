import { style } from '@vanilla-extract/css';
import { segment, segmentGroup } from '../styles/segmented.css';

/** The segmented "Password | Code" switch. */
export const tabList = style([segmentGroup, { display: 'flex' }]);

/** One method tab; the selected one is filled. */
export const tab = style([segment, { flex: 1, minHeight: '40px' }]);

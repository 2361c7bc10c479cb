export type { PortalKey, PortalStrings } from './portalStrings';
export { PORTAL_NS } from './portalStrings';
export { $portalLangs, loadPortalTexts, shownPortalLang } from './portalTexts';
export { type PortalT, portalT, usePortalT } from './usePortalT';

export type { PortalKey, PortalStrings } from './portalStrings';
export { PORTAL_NS } from './portalStrings';
export { portalTranslations, registerPortalTranslations } from './portalTranslations';
export { type PortalT, portalT, usePortalT } from './usePortalT';

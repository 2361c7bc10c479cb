import type { kk } from './kk';

/** Shape of the portal strings; Kazakh (the default language) is the source locale. */
export type PortalStrings = typeof kk;

type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

/** A dotted key of one portal string, e.g. `nav.tariffs`. */
export type PortalKey = LeafKeys<PortalStrings>;

/** The i18next namespace the portal strings live in. */
export const PORTAL_NS = 'portal';

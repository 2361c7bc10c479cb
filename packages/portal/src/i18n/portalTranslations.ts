import { addTranslations, type Translations } from '@qoltanba/sdk';
import { en } from './en';
import { kk } from './kk';
import { PORTAL_NS, type PortalStrings } from './portalStrings';
import { ru } from './ru';

/** All portal strings in kk, ru and en; a key missing in any language fails the type check. */
export const portalTranslations = { kk, ru, en } satisfies Translations<PortalStrings>;

let registered = false;

/** Registers the portal namespace with the sdk's i18n instance (idempotent). */
export function registerPortalTranslations(): void {
  if (registered) return;
  addTranslations(PORTAL_NS, portalTranslations);
  registered = true;
}

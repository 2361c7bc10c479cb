import type { Translations } from '@qoltanba/sdk';
import { en } from './en';
import { kk } from './kk';
import type { PortalStrings } from './portalStrings';
import { registerPortalLanguage } from './portalTexts';
import { ru } from './ru';

/**
 * All portal strings in kk, ru and en; a key missing in any language fails the type check. The app loads one
 * language at a time (portalTexts.ts); this module, which holds all three, is for tests and tools.
 */
export const portalTranslations = { kk, ru, en } satisfies Translations<PortalStrings>;

/** Registers all three languages at once, synchronously (tests; idempotent). */
export function registerPortalTranslations(): void {
  for (const lang of ['kk', 'ru', 'en'] as const) registerPortalLanguage(lang, portalTranslations[lang]);
}

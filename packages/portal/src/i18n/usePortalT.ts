import { useStore } from '@nanostores/react';
import type { Lang } from '@qoltanba/core';
import { $locale, getT } from '@qoltanba/sdk';
import { useMemo } from 'react';
import { PORTAL_NS, type PortalKey } from './portalStrings';
import { registerPortalTranslations } from './portalTranslations';

/** Translates one portal key; options carry i18next interpolation values such as `{ id }`. */
export type PortalT = (key: PortalKey, options?: Record<string, unknown>) => string;

/** A portal translator for a given language (for code outside React, e.g. document titles). */
export function portalT(lang: Lang): PortalT {
  registerPortalTranslations();
  return getT(PORTAL_NS, lang);
}

/** The portal translator for the current language; re-renders when the language changes. */
export function usePortalT(): { t: PortalT; lang: Lang } {
  const lang = useStore($locale);
  const t = useMemo(() => portalT(lang), [lang]);
  return { t, lang };
}

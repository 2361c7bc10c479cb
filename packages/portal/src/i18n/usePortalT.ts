import { useStore } from '@nanostores/react';
import type { Lang } from '@qoltanba/core';
import { $locale, getT } from '@qoltanba/sdk';
import { useEffect, useMemo } from 'react';
import { PORTAL_NS, type PortalKey } from './portalStrings';
import { $portalLangs, loadPortalTexts, shownPortalLang } from './portalTexts';

/** Translates one portal key; options carry i18next interpolation values such as `{ id }`. */
export type PortalT = (key: PortalKey, options?: Record<string, unknown>) => string;

/**
 * A portal translator for a given language (for code outside React, e.g. document titles); until that language's
 * strings have arrived it translates into a loaded one (and asks for the wanted one).
 */
export function portalT(lang: Lang): PortalT {
  const shown = shownPortalLang(lang);
  if (shown !== lang) void loadPortalTexts(lang).catch(() => undefined);
  return getT(PORTAL_NS, shown);
}

/**
 * The portal translator for the current language; re-renders when the language changes and again when its strings
 * arrive. `lang` is the language the strings are in.
 */
export function usePortalT(): { t: PortalT; lang: Lang } {
  const wanted = useStore($locale);
  const lang = shownPortalLang(wanted, useStore($portalLangs));
  const t = useMemo(() => portalT(lang), [lang]);
  useEffect(() => {
    if (lang !== wanted) void loadPortalTexts(wanted).catch(() => undefined);
  }, [lang, wanted]);
  return { t, lang };
}

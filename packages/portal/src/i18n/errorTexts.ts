// Core's error catalogue one language at a time (issue 22): the build replaces the catalogue with a view over the
// languages loaded here (vite.config.ts, the widgets' build/split-error-texts.ts), so a page carries the texts of
// the language it shows, not all three. Tests and the prerender keep core's full catalogue; the loader still runs.
// The replaced catalogue imports this module: it must not import the sdk or core's runtime (an import cycle).
import loadErrorTextsChunk from 'virtual:qoltanba-error-texts';
import type { Lang } from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';

/** One language's error texts: code -> text with `{name}` placeholders, and `code#withoutParams` -> its text without values. */
export type ErrorTexts = Readonly<Record<string, string>>;

const texts: Partial<Record<Lang, ErrorTexts>> = {};
const loaded = atom<readonly Lang[]>([]);

/** The languages whose error texts have arrived, in the order they arrived (the replaced catalogue falls back to the first). */
export const $loadedLangs: ReadableAtom<readonly Lang[]> = loaded;

/** The error texts of `lang`, or undefined before {@link loadErrorTexts} finished for it. */
export function errorTextsOf(lang: Lang): ErrorTexts | undefined {
  return texts[lang];
}

/** Fetches the error texts of `lang` (a chunk of its own in the build) and keeps them; portalTexts.ts shares the request. */
export async function loadErrorTexts(lang: Lang): Promise<ErrorTexts> {
  const known = texts[lang];
  if (known) return known;
  const chunk = await loadErrorTextsChunk(lang);
  if (texts[lang]) return chunk;
  texts[lang] = chunk;
  loaded.set([...loaded.get(), lang]);
  return chunk;
}

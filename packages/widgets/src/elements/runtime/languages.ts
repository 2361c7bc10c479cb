// Each language's texts (error catalogue and, in the elements build, the widgets' own texts) are a chunk of their
// own, made at build time (build/split-error-texts.ts, build/split-widget-texts.ts); an element loads the one it
// shows and the others when `lang` changes.
import loadErrorTexts from 'virtual:qoltanba-error-texts';
import type { Lang } from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';
import { loadWidgetTexts, onLateWidgetTexts } from './lazy-texts';

/** The error catalogue's texts of one language: code -> text with `{name}` placeholders, and `code#withoutParams` -> its text without values. */
export type ErrorTexts = Readonly<Record<string, string>>;

const texts: Partial<Record<Lang, ErrorTexts>> = {};
const $loaded = atom<readonly Lang[]>([]);
const pending = new Map<Lang, Promise<void>>();

/** The languages whose texts have arrived, in the order they arrived. */
export const $loadedLangs: ReadableAtom<readonly Lang[]> = $loaded;

// A lazily loaded widget's texts arrived after their language: render again (a new array wakes the subscribers).
onLateWidgetTexts(() => $loaded.set([...$loaded.get()]));

/** The error texts of `lang`, or undefined before {@link loadLanguage} finished for it. */
export function errorTextsOf(lang: Lang): ErrorTexts | undefined {
  return texts[lang];
}

/** Fetches the texts of `lang` once (concurrent calls share the request); resolves when they are usable. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (texts[lang]) return Promise.resolve();
  let request = pending.get(lang);
  if (!request) {
    request = Promise.all([loadErrorTexts(lang), loadWidgetTexts(lang)]).then(
      ([loaded]) => {
        texts[lang] = loaded;
        $loaded.set([...$loaded.get(), lang]);
      },
      (error: unknown) => {
        pending.delete(lang);
        throw error;
      },
    );
    pending.set(lang, request);
  }
  return request;
}

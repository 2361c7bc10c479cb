// The widgets' texts in the custom-element bundles, one language at a time: the elements build
// (build/split-widget-texts.ts) replaces each translations object `{ kk, ru, en }` with `lazyTexts(...)`, whose
// languages are empty objects filled in place when their chunk arrives. The small translator keeps references to
// these objects (runtime/mini-i18next.ts), so texts registered before a language loaded still find it.
import type { Lang } from '@qoltanba/core';

type Bundle = Record<string, unknown>;
/** A language's module of texts: translations object name -> that language's texts. */
type LanguageModule = { default: Record<string, Bundle | undefined> };
type Loaders = Record<Lang, () => Promise<LanguageModule>>;

interface LazyTexts {
  name: string;
  loaders: Loaders;
  bundles: Record<Lang, Bundle>;
  filling: Partial<Record<Lang, Promise<void>>>;
}

const registry: LazyTexts[] = [];
/** Languages asked for so far: a translations object registered later (a lazily loaded widget) loads them too. */
const wanted = new Set<Lang>();
const lateListeners = new Set<(lang: Lang) => void>();

function fill(entry: LazyTexts, lang: Lang): Promise<void> {
  entry.filling[lang] ??= entry.loaders[lang]().then(
    (module) => {
      Object.assign(entry.bundles[lang], module.default[entry.name]);
    },
    (error: unknown) => {
      delete entry.filling[lang];
      throw error;
    },
  );
  return entry.filling[lang];
}

/** A translations object whose languages load on demand (written by the elements build, not by hand). */
export function lazyTexts(name: string, loaders: Loaders): Record<Lang, Bundle> {
  const entry: LazyTexts = { name, loaders, bundles: { kk: {}, ru: {}, en: {} }, filling: {} };
  registry.push(entry);
  for (const lang of wanted)
    fill(entry, lang).then(
      () => {
        for (const listener of lateListeners) listener(lang);
      },
      () => undefined,
    );
  return entry.bundles;
}

/** Loads the texts of `lang` of every translations object registered so far (and of those registered later). */
export function loadWidgetTexts(lang: Lang): Promise<void> {
  wanted.add(lang);
  return Promise.all(registry.map((entry) => fill(entry, lang))).then(() => undefined);
}

/** Calls `listener` when a translations object registered after its language was loaded got that language. */
export function onLateWidgetTexts(listener: (lang: Lang) => void): () => void {
  lateListeners.add(listener);
  return () => lateListeners.delete(listener);
}

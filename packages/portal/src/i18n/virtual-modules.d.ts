// Made by the widgets' build/split-error-texts.ts (the portal's build, vitest and dev server).
declare module 'virtual:qoltanba-error-texts' {
  import type { Lang } from '@qoltanba/core';

  /** Loads the error catalogue's texts of one language (a chunk per language). */
  const loadErrorTexts: (lang: Lang) => Promise<Readonly<Record<string, string>>>;
  export default loadErrorTexts;
}

import type { Lang } from '@qoltanba/core';

/**
 * One namespace's texts in every language, shaped like the source locale `T`.
 * Use with `satisfies` so a key missing in any language fails the type check.
 *
 * @example
 * const kk = { title: 'Құжаттар' };
 * export const docs = { kk, ru: { title: 'Документы' }, en: { title: 'Documents' } } satisfies Translations<typeof kk>;
 */
export type Translations<T> = Record<Lang, T>;

/** A translate function bound to one namespace and language. */
export type TranslateFn = (key: string, options?: Record<string, unknown>) => string;

// Story settings that fix the interface language through the preview's `locale` global (the toolbar switch).

/** Shows a story in Kazakh. */
export const inKazakh = { globals: { locale: 'kk' } };
/** Shows a story in Russian. */
export const inRussian = { globals: { locale: 'ru' } };
/** Shows a story in English. */
export const inEnglish = { globals: { locale: 'en' } };

import type { Translations } from './types';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  // Language names are endonyms: each language is named in itself, whatever the interface language.
  languageName: { kk: 'Қазақша', ru: 'Русский', en: 'English' },
  languageShort: { kk: 'ҚАЗ', ru: 'РУС', en: 'ENG' },
  chooseLanguage: 'Тілді таңдаңыз',
  close: 'Жабу',
  unknownError: 'Белгісіз қате орын алды. Кейінірек қайталап көріңіз.',
};

/** Texts of the `common` namespace: language names (`languageName.<lang>`, `languageShort.<lang>`) and shared words. */
export const commonTranslations = {
  kk,
  ru: {
    languageName: kk.languageName,
    languageShort: kk.languageShort,
    chooseLanguage: 'Выберите язык',
    close: 'Закрыть',
    unknownError: 'Произошла неизвестная ошибка. Попробуйте позже.',
  },
  en: {
    languageName: kk.languageName,
    languageShort: kk.languageShort,
    chooseLanguage: 'Choose a language',
    close: 'Close',
    unknownError: 'Something went wrong. Please try again later.',
  },
} satisfies Translations<typeof kk>;

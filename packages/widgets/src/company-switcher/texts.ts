import type { Lang } from '@qoltanba/core';
import { addTranslations, getT, type TranslateFn, type Translations } from '@qoltanba/sdk';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  label: 'Компания',
  choose: 'Компанияны таңдаңыз',
  main: 'Негізгі',
  mainLong: 'Негізгі компания',
  none: 'Компания таңдалмаған',
  identity: 'БСН/ЖСН {{bin}}',
  add: 'Компания қосу',
};

/** Texts of the `companySwitcher` namespace. */
export const companySwitcherTexts = {
  kk,
  ru: {
    label: 'Компания',
    choose: 'Выберите компанию',
    main: 'Основная',
    mainLong: 'Основная компания',
    none: 'Компания не выбрана',
    identity: 'БИН/ИИН {{bin}}',
    add: 'Добавить компанию',
  },
  en: {
    label: 'Company',
    choose: 'Choose a company',
    main: 'Main',
    mainLong: 'Main company',
    none: 'No company selected',
    identity: 'BIN/IIN {{bin}}',
    add: 'Add company',
  },
} satisfies Translations<typeof kk>;

/** The i18n namespace of the company switcher. */
export const COMPANY_SWITCHER_NS = 'companySwitcher';

let registered = false;

/** The translate function of the `companySwitcher` namespace in `lang`; registers the texts on first use. */
export function companySwitcherT(lang: Lang): TranslateFn {
  if (!registered) {
    addTranslations(COMPANY_SWITCHER_NS, companySwitcherTexts);
    registered = true;
  }
  return getT(COMPANY_SWITCHER_NS, lang);
}

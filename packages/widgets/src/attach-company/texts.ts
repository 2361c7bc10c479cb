import type { Lang } from '@qoltanba/core';
import { addTranslations, getT, type TranslateFn, type Translations } from '@qoltanba/sdk';
import { EXAMPLE_PHONE } from '../form/texts';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  form: 'ЖСН бойынша қосу',
  iin: 'ЖСН',
  iinHint: '12 сан',
  phone: 'Телефон нөмірі',
  phoneHint: `Мемлекеттік дерекқорда ЖСН-ге тіркелген нөмір, мысалы ${EXAMPLE_PHONE}`,
  sendCode: 'Код жіберу',
  confirm: 'Растау',
  changeDetails: 'Деректерді өзгерту',
};

/** Texts of the `attachCompany` namespace. */
export const attachCompanyTexts = {
  kk,
  ru: {
    form: 'Привязка по ИИН',
    iin: 'ИИН',
    iinHint: '12 цифр',
    phone: 'Номер телефона',
    phoneHint: `Номер, привязанный к ИИН в государственной базе, например ${EXAMPLE_PHONE}`,
    sendCode: 'Отправить код',
    confirm: 'Подтвердить',
    changeDetails: 'Изменить данные',
  },
  en: {
    form: 'Attach by IIN',
    iin: 'IIN',
    iinHint: '12 digits',
    phone: 'Phone number',
    phoneHint: `The number linked to the IIN in the state database, e.g. ${EXAMPLE_PHONE}`,
    sendCode: 'Send code',
    confirm: 'Confirm',
    changeDetails: 'Change details',
  },
} satisfies Translations<typeof kk>;

/** The i18n namespace of the attach-by-IIN form. */
export const ATTACH_COMPANY_NS = 'attachCompany';

let registered = false;

/** The translate function of the `attachCompany` namespace in `lang`; registers the texts on first use. */
export function attachCompanyT(lang: Lang): TranslateFn {
  if (!registered) {
    addTranslations(ATTACH_COMPANY_NS, attachCompanyTexts);
    registered = true;
  }
  return getT(ATTACH_COMPANY_NS, lang);
}

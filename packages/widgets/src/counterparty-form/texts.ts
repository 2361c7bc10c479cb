import { COUNTERPARTY_EMAILS_MAX } from '@qoltanba/core';
import type { Translations } from '@qoltanba/sdk';
import { defineTexts } from '../documents-common';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  titleNew: 'Жаңа контрагент',
  titleEdit: 'Контрагентті өңдеу',
  identityHint: '12 сан',
  lookup: 'Тіркелімнен табу',
  lookupHint: 'Атауларды мемлекеттік тіркелімнен толтырады',
  lookedUp: 'Атаулар тіркелімнен толтырылды',
  emails: 'Электрондық пошталар',
  email: '{{n}}-электрондық пошта',
  addEmail: 'Пошта қосу',
  removeEmail: '{{n}}-поштаны алып тастау',
  emailsLimit: `Ең көбі ${COUNTERPARTY_EMAILS_MAX} пошта`,
  save: 'Сақтау',
  cancel: 'Болдырмау',
};

/** Texts of the `counterpartyForm` namespace. */
export const counterpartyFormTexts = {
  kk,
  ru: {
    titleNew: 'Новый контрагент',
    titleEdit: 'Редактирование контрагента',
    identityHint: '12 цифр',
    lookup: 'Найти в реестре',
    lookupHint: 'Заполняет названия из государственного реестра',
    lookedUp: 'Названия заполнены из реестра',
    emails: 'Адреса e-mail',
    email: 'E-mail {{n}}',
    addEmail: 'Добавить e-mail',
    removeEmail: 'Удалить e-mail {{n}}',
    emailsLimit: `Не более ${COUNTERPARTY_EMAILS_MAX} адресов`,
    save: 'Сохранить',
    cancel: 'Отмена',
  },
  en: {
    titleNew: 'New counterparty',
    titleEdit: 'Edit counterparty',
    identityHint: '12 digits',
    lookup: 'Look up',
    lookupHint: 'Fills in the names from the state register',
    lookedUp: 'Names filled in from the register',
    emails: 'E-mail addresses',
    email: 'E-mail {{n}}',
    addEmail: 'Add e-mail',
    removeEmail: 'Remove e-mail {{n}}',
    emailsLimit: `At most ${COUNTERPARTY_EMAILS_MAX} addresses`,
    save: 'Save',
    cancel: 'Cancel',
  },
} satisfies Translations<typeof kk>;

/** The typed translate function of the `counterpartyForm` namespace. */
export const counterpartyFormT = defineTexts('counterpartyForm', counterpartyFormTexts);

import type { Translations } from '@qoltanba/sdk';
import { defineTexts } from '../documents-common';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  title: 'Контрагенттер',
  add: 'Контрагент қосу',
  empty: 'Әзірге контрагент жоқ',
  confirmDelete: '«{{name}}» контрагентін жою керек пе?',
  confirm: 'Жою',
  cancel: 'Болдырмау',
  deleted: '«{{name}}» жойылды',
};

/** Texts of the `counterpartyList` namespace. */
export const counterpartyListTexts = {
  kk,
  ru: {
    title: 'Контрагенты',
    add: 'Добавить контрагента',
    empty: 'Контрагентов пока нет',
    confirmDelete: 'Удалить контрагента «{{name}}»?',
    confirm: 'Удалить',
    cancel: 'Отмена',
    deleted: '«{{name}}» удалён',
  },
  en: {
    title: 'Counterparties',
    add: 'Add counterparty',
    empty: 'No counterparties yet',
    confirmDelete: 'Delete the counterparty “{{name}}”?',
    confirm: 'Delete',
    cancel: 'Cancel',
    deleted: '“{{name}}” deleted',
  },
} satisfies Translations<typeof kk>;

/** The typed translate function of the `counterpartyList` namespace. */
export const counterpartyListT = defineTexts('counterpartyList', counterpartyListTexts);

import { defineTexts } from '../documents-common';

// Source locale: Kazakh; the other locales must have the same keys. Words of the sign and status elements only.
const kk = {
  document: '№{{number}} құжат',
  signers: 'Қол қоюшылар',
  files: 'Файлдар',
  reject: 'Бас тарту',
  closePreview: 'Алдын ала қарауды жабу',
  signed: 'Сіз құжатқа қол қойдыңыз',
  rejected: 'Сіз құжаттан бас тарттыңыз',
  notYourTurn: 'Құжат қазір сіздің қолыңызды күтпейді',
  noToken: 'Ендіру токені берілмеген',
  updated: 'Жаңартылды: {{time}}',
  refresh: 'Жаңарту',
};

/** Texts of the embedding elements. */
export const embedTexts = {
  kk,
  ru: {
    document: 'Документ №{{number}}',
    signers: 'Подписанты',
    files: 'Файлы',
    reject: 'Отказать',
    closePreview: 'Закрыть просмотр',
    signed: 'Вы подписали документ',
    rejected: 'Вы отказались от документа',
    notYourTurn: 'Документ сейчас не ждёт вашей подписи',
    noToken: 'Токен встраивания не передан',
    updated: 'Обновлено: {{time}}',
    refresh: 'Обновить',
  },
  en: {
    document: 'Document No. {{number}}',
    signers: 'Signers',
    files: 'Files',
    reject: 'Reject',
    closePreview: 'Close the preview',
    signed: 'You have signed the document',
    rejected: 'You have rejected the document',
    notYourTurn: 'The document is not waiting for your signature now',
    noToken: 'No embed token was given',
    updated: 'Updated: {{time}}',
    refresh: 'Refresh',
  },
};

/** Typed translate function of the embedding elements' texts. */
export const embedT = defineTexts('embedElements', embedTexts);

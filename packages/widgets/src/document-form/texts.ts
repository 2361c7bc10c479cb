import { DOCUMENT_MAX_FILES, DOCUMENT_NAME_MAX, DOCUMENT_NAME_MIN, MAX_FILE_BYTES } from '@qoltanba/core';
import type { Translations } from '@qoltanba/sdk';
import { defineTexts } from '../documents-common';

const MB = MAX_FILE_BYTES / (1024 * 1024);

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  titleCreate: 'Жаңа құжат',
  titleEdit: 'Құжатты өңдеу',
  name: 'Құжат атауы',
  nameHint: `${DOCUMENT_NAME_MIN}-ден ${DOCUMENT_NAME_MAX}-ға дейін таңба`,
  method: 'Қол қою тәсілі',
  files: 'Файлдар',
  drop: 'Файлдарды осында сүйреңіз немесе',
  choose: 'файлдарды таңдаңыз',
  formats: `PDF, DOC, DOCX немесе ODT, әрқайсысы ${MB} МБ-қа дейін, ең көбі ${DOCUMENT_MAX_FILES} файл`,
  noFiles: 'Әзірге файл жоқ',
  uploading: '{{name}} жүктелуде',
  uploaded: 'Жүктелді',
  queued: 'Сақтаумен бірге жүктеледі',
  cancelUpload: '{{name}} жүктеуін тоқтату',
  removeFile: '{{name}} файлын алып тастау',
  retryUpload: '{{name}} файлын қайта жүктеу',
  refused: 'Қосылмады: {{name}}',
  dismiss: 'Жабу',
  saveDraft: 'Жобаны сақтау',
  send: 'Қол қоюға жіберу',
  openTariffs: 'Тарифті таңдау',
  openFix: 'Толығырақ',
};

/** Texts of the `documentForm` namespace. */
export const documentFormTexts = {
  kk,
  ru: {
    titleCreate: 'Новый документ',
    titleEdit: 'Редактирование документа',
    name: 'Название документа',
    nameHint: `От ${DOCUMENT_NAME_MIN} до ${DOCUMENT_NAME_MAX} символов`,
    method: 'Способ подписания',
    files: 'Файлы',
    drop: 'Перетащите файлы сюда или',
    choose: 'выберите файлы',
    formats: `PDF, DOC, DOCX или ODT, каждый до ${MB} МБ, не более ${DOCUMENT_MAX_FILES} файлов`,
    noFiles: 'Файлов пока нет',
    uploading: 'Загрузка {{name}}',
    uploaded: 'Загружен',
    queued: 'Загрузится при сохранении',
    cancelUpload: 'Отменить загрузку {{name}}',
    removeFile: 'Удалить файл {{name}}',
    retryUpload: 'Повторить загрузку {{name}}',
    refused: 'Не добавлен: {{name}}',
    dismiss: 'Скрыть',
    saveDraft: 'Сохранить черновик',
    send: 'Отправить на подписание',
    openTariffs: 'Выбрать тариф',
    openFix: 'Подробнее',
  },
  en: {
    titleCreate: 'New document',
    titleEdit: 'Edit document',
    name: 'Document name',
    nameHint: `${DOCUMENT_NAME_MIN} to ${DOCUMENT_NAME_MAX} characters`,
    method: 'Signing method',
    files: 'Files',
    drop: 'Drag files here or',
    choose: 'choose files',
    formats: `PDF, DOC, DOCX or ODT, up to ${MB} MB each, at most ${DOCUMENT_MAX_FILES} files`,
    noFiles: 'No files yet',
    uploading: 'Uploading {{name}}',
    uploaded: 'Uploaded',
    queued: 'Uploads when saved',
    cancelUpload: 'Cancel the upload of {{name}}',
    removeFile: 'Remove {{name}}',
    retryUpload: 'Retry the upload of {{name}}',
    refused: 'Not added: {{name}}',
    dismiss: 'Dismiss',
    saveDraft: 'Save draft',
    send: 'Send for signing',
    openTariffs: 'Choose a plan',
    openFix: 'More',
  },
} satisfies Translations<typeof kk>;

/** The typed translate function of the `documentForm` namespace. */
export const documentFormT = defineTexts('documentForm', documentFormTexts);

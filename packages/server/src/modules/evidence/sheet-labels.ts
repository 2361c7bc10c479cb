import type { DocumentStatus, HistoryEventType, LangTexts } from '@qoltanba/core';
import type { SigningMethod } from '../../db/schema.js';

// The words of the verification itself (indications, roles, signature types) are core's catalogue, shared with
// the /check page; these are the sheet's own.

/** One text in the three languages. */
export type Texts = LangTexts;

/** Labels of the signature sheet's fields and sections. */
export const SHEET_LABELS = {
  title: { kk: 'Қолтаңбалар парағы', ru: 'Лист подписания', en: 'Signature sheet' },
  document: { kk: 'Құжат', ru: 'Документ', en: 'Document' },
  number: { kk: 'Нөмірі', ru: 'Номер', en: 'Number' },
  status: { kk: 'Мәртебесі', ru: 'Статус', en: 'Status' },
  sender: { kk: 'Жіберуші', ru: 'Отправитель', en: 'Sender' },
  files: { kk: 'Файлдар', ru: 'Файлы', en: 'Files' },
  sha256: { kk: 'SHA-256', ru: 'SHA-256', en: 'SHA-256' },
  signatures: { kk: 'Қолтаңбалар', ru: 'Подписи', en: 'Signatures' },
  file: { kk: 'Файл', ru: 'Файл', en: 'File' },
  signer: { kk: 'Қол қоюшы', ru: 'Подписант', en: 'Signer' },
  iin: { kk: 'ЖСН', ru: 'ИИН', en: 'IIN' },
  bin: { kk: 'БСН', ru: 'БИН', en: 'BIN' },
  organisation: { kk: 'Ұйым', ru: 'Организация', en: 'Company' },
  role: { kk: 'Рөлі', ru: 'Роль', en: 'Role' },
  certificate: { kk: 'Сертификат', ru: 'Сертификат', en: 'Certificate' },
  serial: { kk: 'сериялық нөмірі', ru: 'серийный номер', en: 'serial' },
  validity: { kk: 'Жарамдылық мерзімі', ru: 'Срок действия', en: 'Valid' },
  issuer: { kk: 'Берген', ru: 'Издатель', en: 'Issuer' },
  signingTime: { kk: 'Қол қойылған уақыты', ru: 'Время подписания', en: 'Signing time' },
  ip: { kk: 'IP мекенжайы', ru: 'IP-адрес', en: 'IP address' },
  signatureType: { kk: 'Қолтаңба түрі', ru: 'Тип подписи', en: 'Signature type' },
  method: { kk: 'Тәсілі', ru: 'Способ', en: 'Method' },
  result: { kk: 'Тексеру нәтижесі', ru: 'Результат проверки', en: 'Verification result' },
  check: { kk: 'Тексеру', ru: 'Проверка', en: 'Check' },
  history: { kk: 'Құжат тарихы', ru: 'История документа', en: 'Document history' },
  generated: { kk: 'Жасалған уақыты', ru: 'Сформирован', en: 'Generated' },
  page: { kk: 'Бет', ru: 'Страница', en: 'Page' },
  none: { kk: '—', ru: '—', en: '—' },
} as const satisfies Record<string, Texts>;

/** How a signature reached us. */
export const METHOD_TEXTS: Readonly<Record<SigningMethod, Texts>> = {
  NCALAYER: { kk: 'NCALayer', ru: 'NCALayer', en: 'NCALayer' },
  EGOV_QR: { kk: 'eGov mobile (QR)', ru: 'eGov mobile (QR)', en: 'eGov mobile (QR)' },
};

/** History event types in words. */
export const EVENT_TEXTS: Readonly<Record<HistoryEventType, Texts>> = {
  CREATE: { kk: 'Құрылды', ru: 'Создан', en: 'Created' },
  UPDATE: { kk: 'Өзгертілді', ru: 'Изменён', en: 'Changed' },
  SEND: { kk: 'Қол қоюға жіберілді', ru: 'Отправлен на подпись', en: 'Sent for signing' },
  SIGN: { kk: 'Қол қойылды', ru: 'Подписан', en: 'Signed' },
  REVOKE: { kk: 'Кері қайтарылды', ru: 'Отозван', en: 'Revoked' },
  REJECT: { kk: 'Қабылданбады', ru: 'Отклонён', en: 'Rejected' },
  VIEW: { kk: 'Қаралды', ru: 'Просмотрен', en: 'Viewed' },
  COMPLETE: { kk: 'Барлығы қол қойды', ru: 'Подписан всеми', en: 'Signed by everyone' },
  TRASH: { kk: 'Себетке жіберілді', ru: 'Перемещён в корзину', en: 'Moved to trash' },
  RESTORE: { kk: 'Себеттен қайтарылды', ru: 'Восстановлен из корзины', en: 'Restored from trash' },
  COPY: { kk: 'Көшірілді', ru: 'Скопирован', en: 'Copied' },
};

/** Document statuses in words. */
export const STATUS_TEXTS: Readonly<Record<DocumentStatus, Texts>> = {
  TRASH: { kk: 'Себетте', ru: 'В корзине', en: 'In trash' },
  DRAFT: { kk: 'Жоба', ru: 'Черновик', en: 'Draft' },
  AT_SIGNING: { kk: 'Қол қоюда', ru: 'На подписании', en: 'At signing' },
  SIGNED: { kk: 'Қол қойылды', ru: 'Подписан', en: 'Signed' },
  REJECTED: { kk: 'Қабылданбады', ru: 'Отклонён', en: 'Rejected' },
  REVOKED: { kk: 'Кері қайтарылды', ru: 'Отозван', en: 'Revoked' },
};

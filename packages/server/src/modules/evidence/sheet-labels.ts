import type { DocumentStatus, HistoryEventType, LangTexts } from '@qoltanba/core';
import type { SigningMethod } from '../../db/schema.js';
import { SIGNATURE_FIELD_LABELS } from '../../pdf/signature-fields.js';

// The words of the verification itself (indications, roles, signature types) are core's catalogue, shared with
// the /check page; these are the sheet's own.

/** One text in the three languages. */
export type Texts = LangTexts;

/** Labels of the signature sheet's fields and sections. */
export const SHEET_LABELS = {
  // A signature's own fields are shared with the verification report (pdf/signature-fields.ts).
  ...SIGNATURE_FIELD_LABELS,
  title: { kk: 'Қолтаңбалар парағы', ru: 'Лист подписания', en: 'Signature sheet' },
  document: { kk: 'Құжат', ru: 'Документ', en: 'Document' },
  number: { kk: 'Нөмірі', ru: 'Номер', en: 'Number' },
  status: { kk: 'Мәртебесі', ru: 'Статус', en: 'Status' },
  sender: { kk: 'Жіберуші', ru: 'Отправитель', en: 'Sender' },
  files: { kk: 'Файлдар', ru: 'Файлы', en: 'Files' },
  sha256: { kk: 'SHA-256', ru: 'SHA-256', en: 'SHA-256' },
  signatures: { kk: 'Қолтаңбалар', ru: 'Подписи', en: 'Signatures' },
  signer: { kk: 'Қол қоюшы', ru: 'Подписант', en: 'Signer' },
  check: { kk: 'Тексеру', ru: 'Проверка', en: 'Check' },
  history: { kk: 'Құжат тарихы', ru: 'История документа', en: 'Document history' },
  generated: { kk: 'Жасалған уақыты', ru: 'Сформирован', en: 'Generated' },
  page: { kk: 'Бет', ru: 'Страница', en: 'Page' },
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
  RECEIVE: { kk: 'Алынды', ru: 'Получен', en: 'Received' },
  APPROVE: { kk: 'Келісілді', ru: 'Согласован', en: 'Approved' },
  DECLINE: { kk: 'Келісуден бас тартылды', ru: 'Отклонён согласующим', en: 'Declined by the approver' },
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

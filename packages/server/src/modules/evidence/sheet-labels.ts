import type {
  DocumentStatus,
  EtsiIndication,
  EtsiSubIndication,
  HistoryEventType,
  Lang,
  SignatureType,
  SignerRole,
} from '@qoltanba/core';
import type { SigningMethod } from '../../db/schema.js';

/** One text in the three languages. */
export type Texts = Readonly<Record<Lang, string>>;

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

/** The ETSI EN 319 102-1 main indications in words. */
export const INDICATION_TEXTS: Readonly<Record<EtsiIndication, Texts>> = {
  TOTAL_PASSED: { kk: 'Қолтаңба жарамды', ru: 'Подпись действительна', en: 'The signature is valid' },
  INDETERMINATE: {
    kk: 'Қолтаңбаны толық тексеру мүмкін болмады',
    ru: 'Подпись не удалось проверить полностью',
    en: 'The signature could not be fully checked',
  },
  TOTAL_FAILED: { kk: 'Қолтаңба жарамсыз', ru: 'Подпись недействительна', en: 'The signature is invalid' },
};

/** The ETSI EN 319 102-1 sub-indications in words. */
export const SUB_INDICATION_TEXTS: Readonly<Record<EtsiSubIndication, Texts>> = {
  FORMAT_FAILURE: { kk: 'Қолтаңба пішімі қате', ru: 'Неверный формат подписи', en: 'Malformed signature' },
  HASH_FAILURE: {
    kk: 'Файл қол қойылған файлмен сәйкес келмейді',
    ru: 'Файл не совпадает с подписанным',
    en: 'The file differs from the signed one',
  },
  SIG_CRYPTO_FAILURE: {
    kk: 'Қолтаңба мәні дұрыс емес',
    ru: 'Значение подписи неверно',
    en: 'The signature value does not verify',
  },
  REVOKED: { kk: 'Сертификат кері қайтарылған', ru: 'Сертификат отозван', en: 'The certificate is revoked' },
  EXPIRED: {
    kk: 'Сертификаттың мерзімі өткен',
    ru: 'Срок действия сертификата истёк',
    en: 'The certificate has expired',
  },
  NOT_YET_VALID: {
    kk: 'Сертификат әлі жарамды емес',
    ru: 'Сертификат ещё не действует',
    en: 'The certificate is not yet valid',
  },
  SIG_CONSTRAINTS_FAILURE: {
    kk: 'Қолтаңба талаптарға сай емес',
    ru: 'Подпись не отвечает требованиям',
    en: 'The signature does not meet the constraints',
  },
  CHAIN_CONSTRAINTS_FAILURE: {
    kk: 'Сертификаттар тізбегі талаптарға сай емес',
    ru: 'Цепочка сертификатов не отвечает требованиям',
    en: 'The certificate chain does not meet the constraints',
  },
  CERTIFICATE_CHAIN_GENERAL_FAILURE: {
    kk: 'Сертификаттар тізбегін тексеру мүмкін емес',
    ru: 'Цепочку сертификатов проверить не удалось',
    en: 'The certificate chain could not be checked',
  },
  CRYPTO_CONSTRAINTS_FAILURE: {
    kk: 'Алгоритм қабылданбайды',
    ru: 'Алгоритм не принимается',
    en: 'The algorithm is not accepted',
  },
  NO_SIGNING_CERTIFICATE_FOUND: {
    kk: 'Қол қоюшының сертификаты табылмады',
    ru: 'Сертификат подписанта не найден',
    en: "The signer's certificate was not found",
  },
  NO_CERTIFICATE_CHAIN_FOUND: {
    kk: 'Сенімді тізбек табылмады',
    ru: 'Доверенная цепочка не найдена',
    en: 'No trusted chain was found',
  },
  REVOKED_NO_POE: {
    kk: 'Сертификат кері қайтарылған, қол қою уақыты дәлелденбеген',
    ru: 'Сертификат отозван, время подписи не доказано',
    en: 'The certificate is revoked and the signing time is not proven',
  },
  REVOKED_CA_NO_POE: {
    kk: 'Куәландырушы орталықтың сертификаты кері қайтарылған',
    ru: 'Сертификат удостоверяющего центра отозван',
    en: "The CA's certificate is revoked",
  },
  OUT_OF_BOUNDS_NO_POE: {
    kk: 'Қол қою уақыты сертификат мерзімінен тыс',
    ru: 'Время подписи вне срока действия сертификата',
    en: "The signing time is outside the certificate's validity",
  },
  OUT_OF_BOUNDS_NOT_REVOKED: {
    kk: 'Сертификат мерзімі өткен, бірақ кері қайтарылмаған',
    ru: 'Сертификат истёк, но не отозван',
    en: 'The certificate expired but is not revoked',
  },
  SIGNED_DATA_NOT_FOUND: {
    kk: 'Қол қойылған деректер табылмады',
    ru: 'Подписанные данные не найдены',
    en: 'The signed data was not found',
  },
  TRY_LATER: {
    kk: 'Кері қайтарылу мәртебесі белгісіз, кейінірек тексеріңіз',
    ru: 'Статус отзыва неизвестен, проверьте позже',
    en: 'The revocation status is unknown; try later',
  },
};

/** The signature families in words. */
export const SIGNATURE_TYPE_TEXTS: Readonly<Record<SignatureType, string>> = {
  GOST2015: 'ГОСТ 34.10-2015',
  GOST2004: 'ГОСТ 34.310-2004',
  RSA: 'RSA',
  ECDSA: 'ECDSA',
};

/** Attached or detached CMS in words. */
export const PACKAGING_TEXTS: Readonly<Record<'attached' | 'detached', Texts>> = {
  attached: { kk: 'біріктірілген', ru: 'присоединённая', en: 'attached' },
  detached: { kk: 'бөлек', ru: 'открепленная', en: 'detached' },
};

/** Signer roles (from the certificate's EKU) in words. */
export const ROLE_TEXTS: Readonly<Record<SignerRole, Texts>> = {
  individual: { kk: 'Жеке тұлға', ru: 'Физическое лицо', en: 'Individual' },
  legal_entity: { kk: 'Заңды тұлға қызметкері', ru: 'Сотрудник юридического лица', en: 'Legal entity' },
  first_head: { kk: 'Бірінші басшы', ru: 'Первый руководитель', en: 'First head' },
  right_to_sign: { kk: 'Қол қою құқығы бар тұлға', ru: 'Лицо с правом подписи', en: 'Right to sign' },
  financial: { kk: 'Қаржы құжаттары', ru: 'Финансовые документы', en: 'Financial documents' },
  hr: { kk: 'Кадр құжаттары', ru: 'Кадровые документы', en: 'HR documents' },
  employee: { kk: 'Қызметкер', ru: 'Сотрудник', en: 'Employee' },
};

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

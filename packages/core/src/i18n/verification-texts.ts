import type {
  CardFinding,
  EtsiIndication,
  EtsiSubIndication,
  SignaturePackaging,
  SignatureType,
  SignerRole,
  SigningCapacity,
} from '../schemas/verification';
import type { Lang } from './lang';

// The words of a verification report (the /check page, the signature sheet, the widget): one catalogue, so the
// page and the printed evidence never say different things. A value added to a core enum without its three
// texts is a type error here.

/** One text in every interface language. */
export type LangTexts = Readonly<Record<Lang, string>>;

/** The ETSI EN 319 102-1 main indications in words. */
export const ETSI_INDICATION_TEXTS: Readonly<Record<EtsiIndication, LangTexts>> = {
  TOTAL_PASSED: { kk: 'Қолтаңба жарамды', ru: 'Подпись действительна', en: 'The signature is valid' },
  INDETERMINATE: {
    kk: 'Қолтаңбаны толық тексеру мүмкін болмады',
    ru: 'Подпись не удалось проверить полностью',
    en: 'The signature could not be fully checked',
  },
  TOTAL_FAILED: { kk: 'Қолтаңба жарамсыз', ru: 'Подпись недействительна', en: 'The signature is invalid' },
};

/**
 * The overall verdict of a verification (the worst indication of its signatures) in words: what the /check page
 * announces and the verification report PDF prints.
 */
export const OVERALL_VERDICT_TEXTS: Readonly<Record<EtsiIndication, LangTexts>> = {
  TOTAL_PASSED: {
    kk: 'Барлық қолтаңба жарамды',
    ru: 'Все подписи действительны',
    en: 'All signatures are valid',
  },
  INDETERMINATE: {
    kk: 'Қолтаңбаларды толық тексеру мүмкін болмады',
    ru: 'Подписи не удалось проверить полностью',
    en: 'The signatures could not be fully checked',
  },
  TOTAL_FAILED: { kk: 'Қолтаңба жарамсыз', ru: 'Подпись недействительна', en: 'A signature is invalid' },
};

/** The ETSI EN 319 102-1 sub-indications in words. */
export const ETSI_SUB_INDICATION_TEXTS: Readonly<Record<EtsiSubIndication, LangTexts>> = {
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
  SIGNER_IDENTITY_MALFORMED: {
    kk: 'Сертификаттағы ЖСН немесе БСН дұрыс емес (бақылау саны сәйкес келмейді)',
    ru: 'ИИН или БИН в сертификате некорректен (не сходится контрольная цифра)',
    en: 'The IIN or BIN in the certificate is malformed (its check digit does not match)',
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

/**
 * What a document card's signature does not meet of the card specification, in words (short: they ship in the
 * verification widget's chunk, which has a size budget).
 */
export const CARD_FINDING_TEXTS: Readonly<Record<CardFinding, LangTexts>> = {
  NOT_CMS: { kk: 'CMS пішімі емес', ru: 'Не CMS', en: 'Not a CMS' },
  TIMESTAMP_MISSING: { kk: 'Уақыт белгісі жоқ', ru: 'Нет метки времени', en: 'No timestamp' },
  TIMESTAMP_FAILED: {
    kk: 'Уақыт белгісі жарамсыз',
    ru: 'Метка времени недействительна',
    en: 'Invalid timestamp',
  },
  REVOCATION_MISSING: { kk: 'OCSP немесе CRL жоқ', ru: 'Нет OCSP или CRL', en: 'No OCSP answer or CRL' },
  OCSP_NOT_AT_SIGNATURE_TIME: {
    kk: 'OCSP қол қоюдан 5 минуттан алыс',
    ru: 'OCSP дальше 5 минут от подписания',
    en: 'OCSP over 5 minutes from signing',
  },
  CRL_NOT_AT_SIGNATURE_TIME: {
    kk: 'CRL қол қою уақытын қамтымайды',
    ru: 'CRL не покрывает время подписания',
    en: 'The CRL does not cover the signing time',
  },
  DELTA_CRL_MISSING: { kk: 'Дельта-CRL жоқ', ru: 'Нет разностного CRL', en: 'No delta CRL' },
};

/** The signature algorithm families in words. */
export const SIGNATURE_TYPE_TEXTS: Readonly<Record<SignatureType, LangTexts>> = {
  GOST2015: { kk: 'ГОСТ 34.10-2015', ru: 'ГОСТ 34.10-2015', en: 'GOST 34.10-2015' },
  GOST2004: { kk: 'ГОСТ 34.310-2004', ru: 'ГОСТ 34.310-2004', en: 'GOST 34.310-2004' },
  RSA: { kk: 'RSA', ru: 'RSA', en: 'RSA' },
  ECDSA: { kk: 'ECDSA', ru: 'ECDSA', en: 'ECDSA' },
};

/** Attached or detached CMS, or enveloped XMLDSig, in words. */
export const SIGNATURE_PACKAGING_TEXTS: Readonly<Record<SignaturePackaging, LangTexts>> = {
  attached: { kk: 'біріктірілген', ru: 'присоединённая', en: 'attached' },
  detached: { kk: 'бөлек', ru: 'открепленная', en: 'detached' },
  enveloped: { kk: 'XML ішіне енгізілген', ru: 'встроенная в XML', en: 'enveloped in XML' },
};

/** Signer roles (from the certificate's EKU) in words. */
export const SIGNER_ROLE_TEXTS: Readonly<Record<SignerRole, LangTexts>> = {
  individual: { kk: 'Жеке тұлға', ru: 'Физическое лицо', en: 'Individual' },
  legal_entity: { kk: 'Заңды тұлға қызметкері', ru: 'Сотрудник юридического лица', en: 'Legal entity' },
  first_head: { kk: 'Бірінші басшы', ru: 'Первый руководитель', en: 'First head' },
  right_to_sign: { kk: 'Қол қою құқығы бар тұлға', ru: 'Лицо с правом подписи', en: 'Right to sign' },
  financial: { kk: 'Қаржы құжаттары', ru: 'Финансовые документы', en: 'Financial documents' },
  hr: { kk: 'Кадр құжаттары', ru: 'Кадровые документы', en: 'HR documents' },
  employee: { kk: 'Қызметкер', ru: 'Сотрудник', en: 'Employee' },
};

/** On whose behalf a signature was made, and the flag of a company certificate whose role may not sign for it. */
export const SIGNING_CAPACITY_TEXTS = {
  self: { kk: 'өз атынан', ru: 'от своего имени', en: 'on their own behalf' },
  company: { kk: 'ұйым атынан', ru: 'от имени организации', en: 'on behalf of the company' },
  noCompanyAuthority: {
    kk: 'Сертификат рөлі ұйым атынан қол қоюға құқық бермейді: бірінші басшының немесе қол қою құқығы бар тұлғаның сертификаты қажет',
    ru: 'Роль сертификата не даёт права подписи от имени организации: нужен сертификат первого руководителя или лица с правом подписи',
    en: "The certificate's role gives no right to sign for the company: a first head's or an authorised signatory's certificate is needed",
  },
} as const satisfies Record<string, LangTexts>;

/** The capacity in words, e.g. "First head, on behalf of the company"; null when the role is unknown. */
export function signingCapacityText(capacity: SigningCapacity, lang: Lang): string | null {
  if (capacity.role === null) return null;
  const behalf = SIGNING_CAPACITY_TEXTS[capacity.forCompany ? 'company' : 'self'][lang];
  return `${SIGNER_ROLE_TEXTS[capacity.role][lang]}, ${behalf}`;
}

/** The download name of the verification report PDF in each language (the server's Content-Disposition). */
export const VERIFICATION_REPORT_FILE_NAMES: LangTexts = {
  kk: 'тексеру-есебі.pdf',
  ru: 'отчёт-о-проверке.pdf',
  en: 'verification-report.pdf',
};

import {
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  type EtsiIndication,
  type EtsiSubIndication,
  formatNumericDateTime,
  type Lang,
  type LangTexts,
  SIGNATURE_PACKAGING_TEXTS,
  SIGNATURE_TYPE_TEXTS,
  SIGNING_CAPACITY_TEXTS,
  type SignatureReport,
  signingCapacity,
  signingCapacityText,
} from '@qoltanba/core';
import type { TextStyle } from './pdf-layout.js';

// One signature as the server's PDFs print it (the signature sheet and the verification report): the same fields
// in the same words, so the two papers never describe a signature differently.

/** Labels of a signature's fields. */
export const SIGNATURE_FIELD_LABELS = {
  file: { kk: 'Файл', ru: 'Файл', en: 'File' },
  iin: { kk: 'ЖСН', ru: 'ИИН', en: 'IIN' },
  bin: { kk: 'БСН', ru: 'БИН', en: 'BIN' },
  organisation: { kk: 'Ұйым', ru: 'Организация', en: 'Company' },
  role: { kk: 'Қол қою мәртебесі', ru: 'Подписано в качестве', en: 'Signed as' },
  certificate: { kk: 'Сертификат', ru: 'Сертификат', en: 'Certificate' },
  serial: { kk: 'сериялық нөмірі', ru: 'серийный номер', en: 'serial' },
  validity: { kk: 'Жарамдылық мерзімі', ru: 'Срок действия', en: 'Valid' },
  issuer: { kk: 'Берген', ru: 'Издатель', en: 'Issuer' },
  signingTime: { kk: 'Қол қойылған уақыты', ru: 'Время подписания', en: 'Signing time' },
  notStated: { kk: 'көрсетілмеген', ru: 'не указано', en: 'not stated' },
  ip: { kk: 'IP мекенжайы', ru: 'IP-адрес', en: 'IP address' },
  signatureType: { kk: 'Қолтаңба түрі', ru: 'Тип подписи', en: 'Signature type' },
  method: { kk: 'Тәсілі', ru: 'Способ', en: 'Method' },
  result: { kk: 'Тексеру нәтижесі', ru: 'Результат проверки', en: 'Verification result' },
  none: { kk: '—', ru: '—', en: '—' },
} as const satisfies Record<string, LangTexts>;

/** A moment as Kazakhstan reads it, language-neutral and saying its zone (core's one formatter). */
export function almatyTime(at: Date | string): string {
  return formatNumericDateTime(at);
}

/** An ETSI indication and sub-indication in words, with their codes: "Words: sub-words (CODE / SUB_CODE)". */
export function indicationWords(
  indication: EtsiIndication,
  subIndication: EtsiSubIndication | null,
  lang: Lang,
): string {
  const words = ETSI_INDICATION_TEXTS[indication][lang];
  return subIndication
    ? `${words}: ${ETSI_SUB_INDICATION_TEXTS[subIndication][lang]} (${indication} / ${subIndication})`
    : `${words} (${indication})`;
}

/** One printed line of a signature block. */
export interface PrintedLine {
  text: string;
  style?: TextStyle;
}

/** What the paper says about a signature besides its engine report. */
export interface SignatureCircumstances {
  /** The heading when the certificate names nobody (the identity number kept at signing, say). */
  fallbackName: string;
  /** The name of the file it signs; null when no original was found. */
  fileName: string | null;
  /** The signer's IP address, for signatures made here. */
  ip: string | null;
  /** Printed when the CMS carries no signing time (when this service accepted it). */
  fallbackTime: Date | string | null;
  /** How the signature reached this service, in words (signatures made here). */
  method?: string;
}

/**
 * The lines of one signature: the signer (full name, IIN, BIN, company, capacity and its flag), the certificate
 * (serial, validity, issuer), signing time (UTC+5), IP, signature type and packaging, the file, and the ETSI result in words with
 * its codes. Empty values print as a dash.
 */
export function signatureFieldLines(
  report: SignatureReport,
  circumstances: SignatureCircumstances,
  lang: Lang,
): PrintedLine[] {
  const L = (key: keyof typeof SIGNATURE_FIELD_LABELS) => SIGNATURE_FIELD_LABELS[key][lang];
  const { signer, certificate } = report;
  // Reports stored before the capacity was reported have none: core's rule tells it from the signer.
  const capacity = report.capacity ?? signingCapacity(signer);
  const dash = L('none');
  const type = report.signatureType ? SIGNATURE_TYPE_TEXTS[report.signatureType][lang] : dash;
  const time = report.signingTime ?? circumstances.fallbackTime;
  const method = circumstances.method ? `; ${L('method')}: ${circumstances.method}` : '';
  return [
    { text: signer.fullName ?? circumstances.fallbackName, style: { bold: true, size: 10 } },
    { text: `${L('iin')}: ${signer.iin ?? dash}    ${L('bin')}: ${signer.bin ?? dash}` },
    { text: `${L('organisation')}: ${signer.organisation ?? dash}` },
    { text: `${L('role')}: ${signingCapacityText(capacity, lang) ?? dash}` },
    ...(capacity.maySignForCompany === false
      ? [{ text: SIGNING_CAPACITY_TEXTS.noCompanyAuthority[lang], style: { bold: true } }]
      : []),
    {
      text: certificate
        ? `${L('certificate')}, ${L('serial')}: ${certificate.serial}`
        : `${L('certificate')}: ${dash}`,
    },
    ...(certificate
      ? [
          {
            text: `${L('validity')}: ${almatyTime(certificate.notBefore)} — ${almatyTime(certificate.notAfter)}`,
          },
          { text: `${L('issuer')}: ${certificate.issuer}`, style: { grey: true, size: 7 } },
        ]
      : []),
    { text: `${L('signingTime')}: ${time ? almatyTime(time) : L('notStated')}` },
    { text: `${L('ip')}: ${circumstances.ip ?? dash}` },
    {
      text: `${L('signatureType')}: ${type}, ${SIGNATURE_PACKAGING_TEXTS[report.packaging][lang]}${method}`,
    },
    { text: `${L('file')}: ${circumstances.fileName ?? dash}` },
    {
      text: `${L('result')}: ${indicationWords(report.indication, report.subIndication, lang)}`,
      style: { bold: true },
    },
  ];
}

import {
  type Lang,
  type LangTexts,
  OVERALL_VERDICT_TEXTS,
  type VerificationResult,
  type VerifiedFileKind,
} from '@qoltanba/core';
import { almatyTime, SIGNATURE_FIELD_LABELS, signatureFieldLines } from '../../pdf/signature-fields.js';
import { createTextPdf } from '../../pdf/text-pdf.js';

/** Labels of the verification report. */
export const REPORT_LABELS = {
  title: {
    kk: 'Қолтаңбаларды тексеру есебі',
    ru: 'Отчёт о проверке подписей',
    en: 'Signature verification report',
  },
  checkedAt: { kk: 'Тексерілген уақыты', ru: 'Время проверки', en: 'Time of check' },
  verdict: { kk: 'Қорытынды', ru: 'Итог', en: 'Verdict' },
  document: {
    kk: 'Осы сервисте қол қойылған құжат',
    ru: 'Документ, подписанный в этом сервисе',
    en: 'Document signed on this service',
  },
  files: { kk: 'Тексерілген файлдар', ru: 'Проверенные файлы', en: 'Files checked' },
  sha256: { kk: 'SHA-256', ru: 'SHA-256', en: 'SHA-256' },
  signatures: { kk: 'Қолтаңбалар', ru: 'Подписи', en: 'Signatures' },
  signatureFile: { kk: 'Қолтаңба файлы', ru: 'Файл подписи', en: 'Signature file' },
  signedHere: { kk: 'Осы сервисте қойылды', ru: 'Подписано в этом сервисе', en: 'Signed on this service' },
  note: {
    kk: 'Файлдар жадта тексерілді және сақталмайды. Есеп тексеру сәтіндегі нәтижені көрсетеді.',
    ru: 'Файлы проверены в памяти и не сохраняются. Отчёт отражает результат на момент проверки.',
    en: 'The files were checked in memory and are not kept. The report states the result at the time of check.',
  },
  page: { kk: 'Бет', ru: 'Страница', en: 'Page' },
} as const satisfies Record<string, LangTexts>;

const KIND_TEXTS: Readonly<Record<VerifiedFileKind, LangTexts>> = {
  cms: { kk: 'CMS қолтаңбасы', ru: 'подпись CMS', en: 'CMS signature' },
  pdf: { kk: 'PDF құжаты', ru: 'документ PDF', en: 'PDF document' },
  doc: { kk: 'DOC құжаты', ru: 'документ DOC', en: 'DOC document' },
  docx: { kk: 'DOCX құжаты', ru: 'документ DOCX', en: 'DOCX document' },
  odt: { kk: 'ODT құжаты', ru: 'документ ODT', en: 'ODT document' },
  xml: { kk: 'қол қойылған XML құжаты', ru: 'подписанный документ XML', en: 'signed XML document' },
  other: { kk: 'бастапқы файл', ru: 'исходный файл', en: 'original file' },
};

/** What a report is written for. */
export interface ReportOptions {
  lang: Lang;
  /** When the files were checked (the app's clock): printed, and the PDF's dates. */
  checkedAt: Date;
}

/**
 * The verification report as a PDF, from the result the JSON routes give: the time of check (UTC+5), the overall
 * verdict in words, the document signed here when known, each file checked (name, kind, SHA-256), then each
 * signature's fields as the /check page shows them (signer, certificate, signing time, IP for signatures made
 * here, type, the ETSI indication and sub-indication in words with their codes). Labels in `lang`.
 */
export async function buildVerificationReportPdf(
  result: VerificationResult,
  options: ReportOptions,
): Promise<Uint8Array> {
  const { lang } = options;
  const L = (key: keyof typeof REPORT_LABELS) => REPORT_LABELS[key][lang];
  const { pdf, layout } = await createTextPdf({ title: L('title'), createdAt: options.checkedAt });

  layout.text(L('title'), { size: 16, bold: true });
  layout.gap(6);
  layout.text(`${L('checkedAt')}: ${almatyTime(options.checkedAt)}`);
  layout.gap(4);
  layout.text(`${L('verdict')}: ${OVERALL_VERDICT_TEXTS[result.verdict][lang]} (${result.verdict})`, {
    size: 12,
    bold: true,
  });
  if (result.document) {
    layout.text(`${L('document')}: № ${result.document.number} · ${result.document.name}`);
  }
  layout.gap(8);
  layout.text(L('files'), { size: 11, bold: true });
  result.files.forEach((file, index) => {
    layout.text(`${index + 1}. ${file.name} (${KIND_TEXTS[file.kind][lang]})`, { indent: 8 });
    layout.text(`${L('sha256')}: ${file.sha256}`, { indent: 20, size: 8, grey: true });
  });
  layout.gap(8);
  layout.text(`${L('signatures')} (${result.signatures.length})`, { size: 11, bold: true });
  result.signatures.forEach((signature, index) => {
    layout.gap(index === 0 ? 4 : 10);
    const signed = signature.signedFile === null ? undefined : result.files[signature.signedFile];
    const from = signature.signatureFile === null ? undefined : result.files[signature.signatureFile];
    const lines = signatureFieldLines(
      signature,
      {
        fallbackName: signature.signer.organisation ?? SIGNATURE_FIELD_LABELS.none[lang],
        fileName: signed?.name ?? null,
        ip: signature.signedHere ? signature.ip : null,
        fallbackTime: null,
      },
      lang,
    );
    const origin = [
      ...(from ? [{ text: `${L('signatureFile')}: ${from.name}` }] : []),
      ...(signature.signedHere && signature.signedAt
        ? [{ text: `${L('signedHere')}: ${almatyTime(signature.signedAt)}` }]
        : []),
    ];
    // The result line stays last, under where the signature came from.
    layout.block([...lines.slice(0, -1), ...origin, ...lines.slice(-1)]);
  });
  layout.gap(12);
  layout.text(L('note'), { size: 8, grey: true });
  layout.numberPages(`${L('title')} · ${L('page')}`);
  return pdf.save();
}

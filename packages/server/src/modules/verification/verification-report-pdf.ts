import {
  CARD_FINDING_TEXTS,
  type Lang,
  type LangTexts,
  OVERALL_VERDICT_TEXTS,
  type VerificationResult,
  type VerifiedDocument,
  type VerifiedFileKind,
  type VerifiedSignature,
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
  documents: {
    kk: 'Осы сервисте қол қойылған құжаттар',
    ru: 'Документы, подписанные в этом сервисе',
    en: 'Documents signed on this service',
  },
  otherSignatures: { kk: 'Басқа қолтаңбалар', ru: 'Другие подписи', en: 'Other signatures' },
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
  inCard: {
    kk: '№{{n}} электрондық құжат карточкасынан',
    ru: 'из карточки электронного документа №{{n}}',
    en: 'from document card No. {{n}}',
  },
  cardChecks: { kk: 'Карточка талаптары', ru: 'Требования карточки', en: 'Card requirements' },
  cardChecksMet: { kk: 'орындалды', ru: 'выполнены', en: 'met' },
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
 * verdict in words, every document signed here the files belong to, each file checked (name, kind, SHA-256), then each
 * signature's fields (grouped by document when there are several) as the /check page shows them (signer, certificate, signing time, IP for signatures made
 * here, type, the card requirements of a document card's signature, the ETSI indication and sub-indication in words
 * with their codes); a file a document card carries names the card. Labels in `lang`.
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
  // Older results name one document only; a file shared by several documents names each (issue 22).
  const documents = result.documents ?? (result.document ? [result.document] : []);
  const documentLine = (document: VerifiedDocument) => `№ ${document.number} · ${document.name}`;
  if (documents.length === 1 && documents[0]) layout.text(`${L('document')}: ${documentLine(documents[0])}`);
  if (documents.length > 1) {
    layout.gap(4);
    layout.text(L('documents'), { size: 11, bold: true });
    documents.forEach((document, index) => {
      layout.text(`${index + 1}. ${documentLine(document)}`, { indent: 8 });
    });
  }
  layout.gap(8);
  layout.text(L('files'), { size: 11, bold: true });
  result.files.forEach((file, index) => {
    // A file a document card carries names the card it came from (its number in this list).
    const card =
      file.inCard === undefined ? '' : `, ${L('inCard').replace('{{n}}', String(file.inCard + 1))}`;
    layout.text(`${index + 1}. ${file.name} (${KIND_TEXTS[file.kind][lang]}${card})`, { indent: 8 });
    layout.text(`${L('sha256')}: ${file.sha256}`, { indent: 20, size: 8, grey: true });
  });

  const printSignatures = (heading: string, signatures: readonly VerifiedSignature[]) => {
    layout.gap(8);
    layout.text(`${heading} (${signatures.length})`, { size: 11, bold: true });
    signatures.forEach((signature, index) => {
      layout.gap(index === 0 ? 4 : 10);
      printSignature(signature);
    });
  };
  const printSignature = (signature: VerifiedSignature) => {
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
      ...(signature.card
        ? [
            {
              text: `${L('cardChecks')}: ${
                signature.card.findings.map((finding) => CARD_FINDING_TEXTS[finding][lang]).join('; ') ||
                L('cardChecksMet')
              }`,
            },
          ]
        : []),
    ];
    // The result line stays last, under where the signature came from.
    layout.block([...lines.slice(0, -1), ...origin, ...lines.slice(-1)]);
  };

  if (documents.length <= 1) printSignatures(L('signatures'), result.signatures);
  else {
    // Each document with its own signatures, then those of no document signed here (an uploaded CMS of its own).
    const ofDocument = (index: number) =>
      result.signatures.filter((signature) => signature.document === index);
    documents.forEach((document, index) => {
      printSignatures(`${L('signatures')} · ${documentLine(document)}`, ofDocument(index));
    });
    const others = result.signatures.filter(
      (signature) => signature.document == null || !documents[signature.document],
    );
    if (others.length > 0) printSignatures(L('otherSignatures'), others);
  }
  layout.gap(12);
  layout.text(L('note'), { size: 8, grey: true });
  layout.numberPages(`${L('title')} · ${L('page')}`);
  return pdf.save();
}

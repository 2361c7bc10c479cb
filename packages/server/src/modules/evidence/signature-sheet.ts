import type { HistoryEvent, Lang } from '@qoltanba/core';
import { qrMatrix } from '../../pdf/qr-matrix.js';
import { almatyTime, signatureFieldLines } from '../../pdf/signature-fields.js';
import { createTextPdf } from '../../pdf/text-pdf.js';
import { checkFileUrl } from './check-url.js';
import { EVENT_TEXTS, METHOD_TEXTS, SHEET_LABELS, STATUS_TEXTS } from './sheet-labels.js';
import type { EvidenceSignature, SignedEvidence } from './signed-evidence.js';

/** What a sheet is written for. */
export interface SheetOptions {
  lang: Lang;
  /** The service's public address (config.publicUrl): the QR codes point at its `/check/:docId/:fileId?sha256=...`. */
  publicUrl: string;
  /** Only these files and their signatures (the printable copy of one file); all by default. */
  fileIds?: readonly number[];
  /** When the sheet is made (the app's clock): printed on it and in the PDF's dates. */
  generatedAt: Date;
}

function signatureLines(signature: EvidenceSignature, fileName: string, lang: Lang) {
  return signatureFieldLines(
    signature.report,
    {
      fallbackName: signature.identityNumber,
      fileName,
      ip: signature.ip,
      fallbackTime: signature.acceptedAt,
      method: METHOD_TEXTS[signature.method][lang],
    },
    lang,
  );
}

function historyLine(event: HistoryEvent, lang: Lang): string {
  const who = [
    event.company
      ? `${(lang === 'kk' && event.company.nameKk) || event.company.nameRu} (${event.company.bin})`
      : '',
    event.actor ? `${event.actor.firstname} ${event.actor.lastname}`.trim() : '',
    event.ip ? `IP ${event.ip}` : '',
    event.details ?? '',
  ].filter(Boolean);
  return [almatyTime(event.at), EVENT_TEXTS[event.type][lang], ...who].join(' · ');
}

/**
 * The signature sheet of a signed document as a PDF: the document (name, number, status, sender, each file's
 * SHA-256), each signature (signer, certificate, time, IP, type, the ETSI result in words) with a QR code to the
 * public verification page of its file, and the history. DejaVu Sans is embedded as a subset, so Kazakh and
 * Russian render anywhere; labels are in `lang`, names as stored.
 */
export async function buildSignatureSheet(
  evidence: SignedEvidence,
  options: SheetOptions,
): Promise<Uint8Array> {
  const { lang, publicUrl } = options;
  const L = (key: keyof typeof SHEET_LABELS) => SHEET_LABELS[key][lang];
  const wanted = options.fileIds ? new Set(options.fileIds) : undefined;
  const files = evidence.files.filter((file) => !wanted || wanted.has(file.id));
  const fileNames = new Map(files.map((file) => [file.id, file.name]));
  const fileHashes = new Map(files.map((file) => [file.id, file.sha256]));
  const signatures = evidence.signatures.filter((signature) => fileNames.has(signature.fileId));

  const { document } = evidence;
  const { pdf, layout } = await createTextPdf({
    title: `${L('title')}: ${document.name}`,
    createdAt: options.generatedAt,
  });

  layout.text(L('title'), { size: 16, bold: true });
  layout.gap(6);
  layout.text(`${L('document')}: ${document.name}`, { size: 11, bold: true });
  layout.text(`${L('number')}: ${document.number}    ${L('status')}: ${STATUS_TEXTS[document.status][lang]}`);
  layout.text(`${L('generated')}: ${almatyTime(options.generatedAt)}`, { size: 8, grey: true });
  const senderName = (lang === 'kk' && document.sender.nameKk) || document.sender.nameRu;
  layout.text(`${L('sender')}: ${senderName} (${L('bin')} ${document.sender.bin})`);
  layout.gap(8);
  layout.text(L('files'), { size: 11, bold: true });
  for (const file of files) {
    layout.text(file.name, { indent: 8 });
    layout.text(`${L('sha256')}: ${file.sha256}`, { indent: 8, size: 8, grey: true });
  }
  layout.gap(8);
  layout.text(`${L('signatures')} (${signatures.length})`, { size: 11, bold: true });
  signatures.forEach((signature, index) => {
    layout.gap(index === 0 ? 4 : 10);
    const url = checkFileUrl(
      publicUrl,
      document.id,
      signature.fileId,
      fileHashes.get(signature.fileId) ?? '',
    );
    layout.qrBlock({
      lines: signatureLines(signature, fileNames.get(signature.fileId) ?? '', lang),
      qr: qrMatrix(url),
      caption: `${L('check')}: ${url}`,
    });
  });
  layout.gap(10);
  layout.text(L('history'), { size: 11, bold: true });
  for (const event of evidence.history) layout.text(historyLine(event, lang), { size: 8, indent: 8 });
  layout.numberPages(`${document.name} · ${L('page')}`);
  return pdf.save();
}

import fontkit from '@pdf-lib/fontkit';
import {
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  type HistoryEvent,
  type Lang,
  SIGNATURE_PACKAGING_TEXTS,
  SIGNATURE_TYPE_TEXTS,
  SIGNER_ROLE_TEXTS,
} from '@qoltanba/core';
import { PDFDocument } from 'pdf-lib';
import { checkFileUrl } from './check-url.js';
import { qrMatrix } from './qr-matrix.js';
import { sheetFonts } from './sheet-fonts.js';
import { EVENT_TEXTS, METHOD_TEXTS, SHEET_LABELS, STATUS_TEXTS } from './sheet-labels.js';
import { SheetLayout } from './sheet-layout.js';
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

const ALMATY_OFFSET_MS = 5 * 60 * 60 * 1000;

/** A moment as Kazakhstan reads it (UTC+5, no daylight saving). */
export function almatyTime(at: Date | string): string {
  const shifted = new Date(new Date(at).getTime() + ALMATY_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)} (UTC+5)`;
}

function signatureLines(signature: EvidenceSignature, fileName: string, lang: Lang) {
  const L = (key: keyof typeof SHEET_LABELS) => SHEET_LABELS[key][lang];
  const { report } = signature;
  const { signer, certificate } = report;
  const dash = L('none');
  const verdict = report.subIndication
    ? `${ETSI_INDICATION_TEXTS[report.indication][lang]}: ${ETSI_SUB_INDICATION_TEXTS[report.subIndication][lang]} (${report.indication} / ${report.subIndication})`
    : `${ETSI_INDICATION_TEXTS[report.indication][lang]} (${report.indication})`;
  const type = report.signatureType ? SIGNATURE_TYPE_TEXTS[report.signatureType][lang] : dash;
  return [
    { text: signer.fullName ?? signature.identityNumber, style: { bold: true, size: 10 } },
    { text: `${L('iin')}: ${signer.iin ?? dash}    ${L('bin')}: ${signer.bin ?? dash}` },
    { text: `${L('organisation')}: ${signer.organisation ?? dash}` },
    { text: `${L('role')}: ${signer.role ? SIGNER_ROLE_TEXTS[signer.role][lang] : dash}` },
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
    { text: `${L('signingTime')}: ${almatyTime(report.signingTime ?? signature.acceptedAt)}` },
    { text: `${L('ip')}: ${signature.ip ?? dash}` },
    {
      text: `${L('signatureType')}: ${type}, ${SIGNATURE_PACKAGING_TEXTS[report.packaging][lang]}; ${L('method')}: ${METHOD_TEXTS[signature.method][lang]}`,
    },
    { text: `${L('file')}: ${fileName}` },
    { text: `${L('result')}: ${verdict}`, style: { bold: true } },
  ];
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

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await sheetFonts();
  const fonts = {
    regular: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
  };
  const { document } = evidence;
  pdf.setTitle(`${L('title')}: ${document.name}`);
  pdf.setProducer('Qoltanba');
  pdf.setCreationDate(options.generatedAt);
  pdf.setModificationDate(options.generatedAt);
  const layout = new SheetLayout(pdf, fonts);

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

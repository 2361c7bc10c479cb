import {
  AppError,
  CARD_MAX_ATTACHMENTS,
  type ErrorCode,
  VERIFY_MAX_TOTAL_BYTES,
  type VerifiedCard,
  type VerifiedFile,
  type VerifiedFileKind,
  type VerifiedSignature,
} from '@qoltanba/core';
import { detectDocumentFormat } from '../../files/file-type.js';
import {
  type CardFile,
  type CardOutline,
  type CardRefusal,
  CardRefusedError,
  outlineCard,
} from '../../pki/index.js';
import type { SignatureVerifier } from '../../signature-verifier.js';
import type { UploadedFile } from './uploaded-file.js';

const REFUSALS: Record<CardRefusal, ErrorCode> = {
  malformed: 'CARD_MALFORMED',
  no_original: 'CARD_NO_ORIGINAL',
  not_detached: 'CARD_SIGNATURE_NOT_DETACHED',
  executable: 'CARD_EXECUTABLE_ORIGINAL',
  too_large: 'CARD_TOO_LARGE',
  too_many: 'CARD_TOO_MANY_FILES',
};

/** What the cards of an upload add to its result; indexes in `files` continue after the uploaded files. */
export interface CardsOfUpload {
  files: VerifiedFile[];
  signatures: VerifiedSignature[];
  cards: VerifiedCard[];
}

function originalKind(bytes: Uint8Array): VerifiedFileKind {
  return detectDocumentFormat(bytes) ?? 'other';
}

function listed(file: CardFile, kind: VerifiedFileKind, card: number): VerifiedFile {
  return {
    name: file.name,
    kind,
    sha256: file.sha256,
    size: file.bytes.byteLength,
    ...(file.description ? { description: file.description } : {}),
    inCard: card,
  };
}

async function outlineOf(file: UploadedFile, budget: { remaining: number }): Promise<CardOutline | null> {
  if (file.kind !== 'pdf') return null;
  try {
    return await outlineCard(file.content, { maxFiles: CARD_MAX_ATTACHMENTS, budget });
  } catch (error) {
    if (error instanceof CardRefusedError)
      throw new AppError(REFUSALS[error.reason], undefined, { cause: error });
    throw error;
  }
}

/**
 * Finds the document cards among the uploaded PDFs that no uploaded CMS signs (`covered`: their indexes), by their
 * attached files (`outlineCard`), and verifies each:
 * its original and signature files listed after the uploaded ones (`inCard` the card's index), its signatures
 * with the card specification's checks. The files all cards carry share one budget of VERIFY_MAX_TOTAL_BYTES
 * decoded bytes. A card refused: its catalogue code (CARD_*), never a server error.
 */
export async function verifyCards(
  files: readonly UploadedFile[],
  verifier: Pick<SignatureVerifier, 'verifyCard'>,
  covered: ReadonlySet<number>,
): Promise<CardsOfUpload> {
  const budget = { remaining: VERIFY_MAX_TOTAL_BYTES };
  const out: CardsOfUpload = { files: [], signatures: [], cards: [] };
  for (const [index, file] of files.entries()) {
    // A PDF an uploaded CMS signs is that signature's original; scanning it costs ~1 ms a MiB for nothing.
    if (covered.has(index)) continue;
    const outline = await outlineOf(file, budget);
    if (outline === null) continue;
    const verified = await verifier.verifyCard({ card: outline });
    const original = files.length + out.files.length;
    out.files.push(listed(outline.original, originalKind(outline.original.bytes), index));
    const signatureFiles: number[] = [];
    for (const { file: signatureFile, signatures } of verified.signatureFiles) {
      const at = files.length + out.files.length;
      signatureFiles.push(at);
      const isCms = !signatures.some((s) => s.card.findings.includes('NOT_CMS'));
      out.files.push(listed(signatureFile, isCms ? 'cms' : 'other', index));
      for (const { report, card } of signatures) {
        out.signatures.push({
          ...report,
          signedFile: original,
          signatureFile: at,
          signedHere: false,
          ip: null,
          signedAt: null,
          document: null,
          expectedIdentity: null,
          card,
        });
      }
    }
    out.cards.push({ file: index, original, signatureFiles, verdict: verified.verdict });
  }
  return out;
}

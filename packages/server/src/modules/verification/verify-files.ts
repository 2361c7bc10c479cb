import {
  AppError,
  overallVerdict,
  type SignatureReport,
  type VerificationResult,
  type VerifiedCard,
  type VerifiedDocument,
  type VerifiedFile,
  type VerifiedSignature,
} from '@qoltanba/core';
import { digestMemo } from '../../pki/index.js';
import type { CmsVerifier, SignatureVerifier } from '../../signature-verifier.js';
import { verifyCards } from './card-files.js';
import { isOriginal, sha256Hex, type UploadedFile } from './uploaded-file.js';

/** A signature kept here, over a file whose content the verification knows. */
export interface StoredSignature {
  cms: Uint8Array;
  ip: string | null;
  serial: string | null;
  at: Date;
  /** The party (BIN, or IIN of an individual) the signature was accepted for. */
  identityNumber: string;
}

/** A file of a document signed here, with its stored signatures (never empty). */
export interface SignedFileHere {
  document: VerifiedDocument;
  signatures: readonly StoredSignature[];
}

/** What the verification reads besides the upload: the engine, and the signed files here by content. */
export interface VerificationSources {
  verifier: SignatureVerifier;
  /** Files of documents signed here whose content has this hex SHA-256, each with its signatures. */
  signedFilesWithContent(sha256: string): Promise<SignedFileHere[]>;
}

interface Origin {
  signedFile: number | null;
  signatureFile: number | null;
  stored: StoredSignature | null;
  /** Index in the result's `documents`. */
  document: number | null;
}

function entry(report: SignatureReport, origin: Origin): VerifiedSignature {
  return {
    ...report,
    signedFile: origin.signedFile,
    signatureFile: origin.signatureFile,
    signedHere: origin.stored !== null,
    ip: origin.stored?.ip ?? null,
    signedAt: origin.stored?.at.toISOString() ?? null,
    document: origin.document,
    expectedIdentity: origin.stored
      ? {
          identityNumber: origin.stored.identityNumber,
          matches: (report.signer.bin ?? report.signer.iin) === origin.stored.identityNumber,
        }
      : null,
  };
}

/** The documents signed here a result names, each once, in the order met. */
class DocumentList {
  readonly list: VerifiedDocument[] = [];

  /** The index of `document` in the list, added when new. */
  indexOf(document: VerifiedDocument): number {
    const found = this.list.findIndex((known) => known.id === document.id);
    if (found >= 0) return found;
    this.list.push(document);
    return this.list.length - 1;
  }
}

function result(
  files: VerifiedFile[],
  signatures: VerifiedSignature[],
  documents: readonly VerifiedDocument[],
  cards?: VerifiedCard[],
): VerificationResult {
  return {
    verdict: overallVerdict(signatures.map((s) => s.indication)),
    signatures,
    document: documents[0] ?? null,
    documents: [...documents],
    files,
    ...(cards && cards.length > 0 ? { cards } : {}),
  };
}

/**
 * Verifies an upload (see the module README): each CMS over its own content (attached) or its original (the only
 * PDF uploaded, else the PDF its messageDigest names); each signed XML over itself (enveloped XMLDSig); each PDF no uploaded CMS covers through the signatures kept
 * here for that content; each document card among the PDFs over the original it carries (`card-files.ts`). A signature over a document signed here, by a certificate that signed it here, is marked
 * `signedHere` with its IP. Nothing to verify at all: DOCUMENT_NOT_SIGNED.
 */
export async function verifyUpload(
  files: readonly UploadedFile[],
  sources: VerificationSources,
): Promise<VerificationResult> {
  const lookups = new Map<string, Promise<SignedFileHere[]>>();
  const signedHere = (sha256: string) => {
    let found = lookups.get(sha256);
    if (!found) {
      found = sources.signedFilesWithContent(sha256);
      lookups.set(sha256, found);
    }
    return found;
  };
  // Each original is hashed once per digest algorithm, for pairing and for every CMS verified over it.
  const originals = files.flatMap((file, index) =>
    isOriginal(file) ? [{ file, index, digests: digestMemo(file.content, { sha256: file.sha256 }) }] : [],
  );
  // A file of no format we know is taken only as the original of a detached CMS uploaded with it.
  const detached = files.some((file) => file.kind === 'cms' && !file.outline.attached);
  if (!detached && originals.some(({ file }) => file.kind === 'other')) {
    throw new AppError('UNSUPPORTED_FILE_FORMAT');
  }
  // Every original is looked up whatever pairs with it: all at once, not one round trip after another.
  for (const { file } of originals) signedHere(file.sha256).catch(() => undefined);
  const covered = new Set<number>();
  const signatures: VerifiedSignature[] = [];
  const documents = new DocumentList();

  for (const [index, file] of files.entries()) {
    if (file.kind === 'xml') {
      // The XML is both the document and its signatures: each signature points at the file itself. Parsed once, at upload.
      const verified = await sources.verifier.verifyXml({ xml: file.outline.parsed });
      for (const report of verified.report.signatures) {
        signatures.push(
          entry(report, { signedFile: index, signatureFile: index, stored: null, document: null }),
        );
      }
      continue;
    }
    if (file.kind !== 'cms') continue;
    let original: (typeof originals)[number] | undefined;
    if (!file.outline.attached) {
      original = originals.length === 1 ? originals[0] : originals.find((o) => file.outline.signs(o.digests));
    }
    const verified = await sources.verifier.verifyCms({
      cms: file.bytes,
      ...(original ? { content: original.file.content, contentDigests: original.digests } : {}),
    });
    const contentSha = original?.file.sha256 ?? (verified.content ? sha256Hex(verified.content) : null);
    original ??= originals.find((o) => o.file.sha256 === contentSha);
    if (original) covered.add(original.index);
    const here = contentSha ? await signedHere(contentSha) : [];
    for (const report of verified.report.signatures) {
      const serial = report.certificate?.serial;
      const match = here
        .flatMap((signed) => signed.signatures.map((stored) => ({ signed, stored })))
        .find(({ stored }) => serial !== undefined && stored.serial === serial);
      signatures.push(
        entry(report, {
          signedFile: original?.index ?? null,
          signatureFile: index,
          stored: match?.stored ?? null,
          document: match ? documents.indexOf(match.signed.document) : null,
        }),
      );
    }
  }

  for (const { file, index, digests } of originals) {
    if (covered.has(index)) continue;
    // A file shared by several documents: each document is reported on its own, with its own signatures.
    for (const signed of await signedHere(file.sha256)) {
      const document = documents.indexOf(signed.document);
      for (const stored of signed.signatures) {
        const verified = await sources.verifier.verifyCms({
          cms: stored.cms,
          content: file.content,
          contentDigests: digests,
        });
        for (const report of verified.report.signatures) {
          signatures.push(entry(report, { signedFile: index, signatureFile: null, stored, document }));
        }
      }
    }
  }
  // Document cards: the PDFs no uploaded CMS signs whose attached files are an original and its signatures.
  const carded = await verifyCards(files, sources.verifier, covered);
  signatures.push(...carded.signatures);
  if (signatures.length === 0) throw new AppError('DOCUMENT_NOT_SIGNED');
  const listed = files.map(({ name, kind, sha256 }) => ({ name, kind, sha256 }));
  return result([...listed, ...carded.files], signatures, documents.list, carded.cards);
}

/** The stored file of a document signed here, with its bytes. */
export interface StoredFileToVerify extends VerifiedFile {
  bytes: Uint8Array;
  document: VerifiedDocument;
}

/** Verifies again, now, every signature kept for a stored file over the stored bytes. */
export async function verifyStoredFile(
  file: StoredFileToVerify,
  stored: readonly StoredSignature[],
  verifier: CmsVerifier,
): Promise<VerificationResult> {
  const signatures: VerifiedSignature[] = [];
  // Not seeded with the stored SHA-256: the signatures are checked over the bytes as they are now.
  const digests = digestMemo(file.bytes);
  for (const signature of stored) {
    const verified = await verifier.verifyCms({
      cms: signature.cms,
      content: file.bytes,
      contentDigests: digests,
    });
    for (const report of verified.report.signatures) {
      signatures.push(entry(report, { signedFile: 0, signatureFile: null, stored: signature, document: 0 }));
    }
  }
  return result([{ name: file.name, kind: file.kind, sha256: file.sha256 }], signatures, [file.document]);
}

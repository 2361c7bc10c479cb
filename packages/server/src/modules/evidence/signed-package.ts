import { AppError } from '@qoltanba/core';
import type { BlobStore } from '../../blob/blob-store.js';
import { packageReadme } from './package-readme.js';
import { type SignedEvidence, signatureParty } from './signed-evidence.js';
import type { ZipSource } from './zip-stream.js';

/** Characters a ZIP entry name must not carry (folder separators, drive letters, control characters). */
const UNSAFE_IN_ENTRY = /[/\\:\p{Cc}]/gu;

function safeEntryName(name: string): string {
  const cleaned = name.replace(UNSAFE_IN_ENTRY, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

/** Makes names unique by adding ` (2)`, ` (3)`... before the extension of a repeated name. */
function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
      const dot = name.lastIndexOf('.');
      candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Names of a signed package's entries, as `packageEntries` writes them (the README documents them). */
export interface PackageLayout {
  /** Original file name in the archive, by file id. */
  originals: ReadonlyMap<number, string>;
  /** `signatures/<file>.<n>.<IIN or BIN>.cms`, one per signature, in the order the signatures were accepted. */
  signatures: readonly string[];
}

/** The entry names of a package (see the module's README). */
export function packageLayout(evidence: SignedEvidence): PackageLayout {
  const names = uniqueNames(evidence.files.map((file) => safeEntryName(file.name)));
  const originals = new Map(evidence.files.map((file, index) => [file.id, names[index] ?? String(file.id)]));
  const counts = new Map<number, number>();
  const signatures = evidence.signatures.map((signature) => {
    const n = (counts.get(signature.fileId) ?? 0) + 1;
    counts.set(signature.fileId, n);
    const file = originals.get(signature.fileId) ?? String(signature.fileId);
    return `signatures/${file}.${n}.${safeEntryName(signatureParty(signature))}.cms`;
  });
  return { originals, signatures };
}

/** What a package needs besides the evidence. */
export interface PackageSources {
  blobs: BlobStore;
  /** Builds the signature sheet; called when the package starts, awaited when the archive reaches it. */
  sheet: () => Promise<Uint8Array>;
  /** The public verification page (`<public url>/check`), named in README.txt. */
  checkUrl: string;
  now: Date;
}

type Settled = { ok: true; value: Uint8Array } | { ok: false; error: unknown };

/**
 * The entries of a signed package, in archive order: README.txt, the originals (as stored), one DER CMS per
 * signature (as stored), signature-sheet.pdf last, so the archive starts before the sheet is drawn. A blob that
 * went missing fails the stream with FILE_LOAD_FAILED.
 */
export function* packageEntries(evidence: SignedEvidence, sources: PackageSources): Generator<ZipSource> {
  const layout = packageLayout(evidence);
  // Started on the next turn of the event loop, so the first entry's bytes leave before the sheet's CPU work runs;
  // settled at once and read last: never an unhandled rejection, even when the client leaves early.
  const sheet = new Promise<Settled>((resolve) => {
    setImmediate(() => {
      void sources.sheet().then(
        (value) => resolve({ ok: true, value }),
        (error: unknown) => resolve({ ok: false, error }),
      );
    });
  });
  const modified = sources.now;
  const text = new TextEncoder();
  yield {
    name: 'README.txt',
    compress: true,
    modified,
    bytes: async () => text.encode(packageReadme(sources.checkUrl)),
  };
  for (const file of evidence.files) {
    yield {
      name: layout.originals.get(file.id) ?? String(file.id),
      compress: false,
      modified,
      bytes: async () => {
        const bytes = await sources.blobs.get(file.blobKey);
        if (!bytes) throw new AppError('FILE_LOAD_FAILED');
        return bytes;
      },
    };
  }
  for (const [index, signature] of evidence.signatures.entries()) {
    yield {
      name: layout.signatures[index] ?? `signatures/${index + 1}.cms`,
      compress: false,
      modified: signature.acceptedAt,
      bytes: async () => signature.cms,
    };
  }
  yield {
    name: 'signature-sheet.pdf',
    compress: false,
    modified,
    bytes: async () => {
      const built = await sheet;
      if (!built.ok) throw built.error;
      return built.value;
    },
  };
}

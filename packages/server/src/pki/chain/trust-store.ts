import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pemBlocks } from '../der.js';
import { type CrlRecord, parseCrl } from '../revocation/crl.js';
import { type CertificateRecord, parseCertificate } from './certificate.js';

/** The CA certificates and CRLs of the trust folder, indexed for path building and revocation. */
export interface TrustStore {
  anchors: CertificateRecord[];
  /** Subject Name hex -> trusted certificates with that subject. */
  bySubject: Map<string, CertificateRecord[]>;
  /** Issuer Name hex -> CRLs of that issuer. */
  crlsByIssuer: Map<string, CrlRecord[]>;
  /** Ids (DER SHA-256) of trusted certificates. */
  ids: Set<string>;
  /** Files that could not be read, with the reason, for the operator's log. */
  problems: string[];
}

const FILE_TYPES = new Set(['.pem', '.crt', '.cer', '.der', '.crl']);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && FILE_TYPES.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Adds one DER object (certificate or CRL, whichever it parses as) to the store. */
function addDer(store: TrustStore, der: Uint8Array, hint: 'certificate' | 'crl' | 'either'): void {
  if (hint !== 'crl') {
    try {
      const cert = parseCertificate(der);
      if (!store.ids.has(cert.id)) {
        store.ids.add(cert.id);
        store.anchors.push(cert);
        push(store.bySubject, cert.subjectKey, cert);
      }
      return;
    } catch (error) {
      if (hint === 'certificate') throw error;
    }
  }
  const crl = parseCrl(der);
  push(store.crlsByIssuer, crl.issuerKey, crl);
}

/** An empty store (no trust at all). */
export function emptyTrustStore(): TrustStore {
  return { anchors: [], bySubject: new Map(), crlsByIssuer: new Map(), ids: new Set(), problems: [] };
}

/**
 * Reads every .pem/.crt/.cer/.der/.crl file under `dir` (recursively): PEM with one or more CERTIFICATE or
 * X509 CRL blocks, or DER. Unreadable files are listed in `problems`, not fatal.
 */
export async function loadTrustStore(dir: string): Promise<TrustStore> {
  const store = emptyTrustStore();
  let files: string[];
  try {
    files = await listFiles(dir);
  } catch (error) {
    // A missing folder trusts nothing; the operator sees why in `problems`.
    store.problems.push(`${dir}: ${(error as Error).message}`);
    return store;
  }
  for (const file of files) {
    try {
      const bytes = new Uint8Array(await readFile(file));
      const text = Buffer.from(bytes.subarray(0, 64)).toString('latin1');
      if (text.includes('-----BEGIN ')) {
        for (const block of pemBlocks(Buffer.from(bytes).toString('latin1'))) {
          if (block.label === 'X509 CRL') addDer(store, block.der, 'crl');
          else if (block.label === 'CERTIFICATE' || block.label === 'TRUSTED CERTIFICATE') {
            addDer(store, block.der, 'certificate');
          }
        }
      } else {
        addDer(store, bytes, extname(file).toLowerCase() === '.crl' ? 'crl' : 'either');
      }
    } catch (error) {
      store.problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  return store;
}

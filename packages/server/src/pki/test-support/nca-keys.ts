// Reads the NCA TEST PKCS#12 files of ../shared/pki (never copied into the repository). OpenSSL cannot export
// their GOST keys (unknown key algorithm), so the shrouded key bag is decrypted here: pkijs for the structure,
// the RFC 7292 appendix B key derivation and node:crypto's 3DES for the decryption.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gostPrivateKeyFromBytes } from '@qoltanba/gost';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { pemBlocks } from '../der.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The shared PKI folder: QOLTANBA_PKI_DIR, else ../shared/pki beside the repository. */
export const PKI_DIR = process.env.QOLTANBA_PKI_DIR ?? join(repoRoot, '..', 'shared', 'pki');

/** True when the NCA TEST material is present (CI requires it; elsewhere suites skip with a notice). */
export function ncaMaterialPresent(): boolean {
  const present = existsSync(join(PKI_DIR, 'nca-test', 'certs', 'root_test_gost_2022.cer'));
  if (!present && process.env.CI) throw new Error(`NCA TEST PKI material missing at ${PKI_DIR}`);
  if (!present)
    console.warn(`[pki] ${PKI_DIR} not found: NCA TEST interop tests skipped (set QOLTANBA_PKI_DIR)`);
  return present;
}

const PASSWORD = 'Qwerty12';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const PBE_SHA1_3DES = '1.2.840.113549.1.12.1.3';

/** RFC 7292 appendix B.2 with SHA-1 (u = 20, v = 64). */
function pkcs12Kdf(
  password: string,
  salt: Uint8Array,
  iterations: number,
  id: number,
  length: number,
): Buffer {
  const v = 64;
  const pass = Buffer.alloc((password.length + 1) * 2);
  for (let i = 0; i < password.length; i += 1) pass.writeUInt16BE(password.charCodeAt(i), i * 2);
  const fill = (src: Uint8Array) => {
    const out = Buffer.alloc(src.length === 0 ? 0 : v * Math.ceil(src.length / v));
    for (let i = 0; i < out.length; i += 1) out[i] = src[i % src.length] ?? 0;
    return out;
  };
  const input = Buffer.concat([fill(salt), fill(pass)]);
  const result: Buffer[] = [];
  let produced = 0;
  while (produced < length) {
    let a = createHash('sha1')
      .update(Buffer.concat([Buffer.alloc(v, id), input]))
      .digest();
    for (let i = 1; i < iterations; i += 1) a = createHash('sha1').update(a).digest();
    result.push(a);
    produced += a.length;
    const b = fill(a);
    for (let j = 0; j < input.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k -= 1) {
        const sum = (input[j + k] ?? 0) + (b[k] ?? 0) + carry;
        input[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(result).subarray(0, length);
}

function decryptShroudedKey(bag: pkijs.PKCS8ShroudedKeyBag): Uint8Array {
  if (bag.encryptionAlgorithm.algorithmId !== PBE_SHA1_3DES) throw new Error('unexpected key bag encryption');
  const params = bag.encryptionAlgorithm.algorithmParams as asn1js.Sequence;
  const [salt, iterations] = params.valueBlock.value as [asn1js.OctetString, asn1js.Integer];
  const saltBytes = salt.valueBlock.valueHexView;
  const count = iterations.valueBlock.valueDec;
  const key = pkcs12Kdf(PASSWORD, saltBytes, count, 1, 24);
  const iv = pkcs12Kdf(PASSWORD, saltBytes, count, 2, 8);
  const decipher = createDecipheriv('des-ede3-cbc', key, iv);
  const data = bag.encryptedData.valueBlock.valueHexView;
  return new Uint8Array(Buffer.concat([decipher.update(data), decipher.final()]));
}

/** The GOST private scalar of an NCA TEST PKCS#12 file (path relative to PKI_DIR). */
export function ncaPrivateKey(p12: string): bigint {
  const pfx = pkijs.PFX.fromBER(readFileSync(join(PKI_DIR, p12)));
  const authSafe = pkijs.AuthenticatedSafe.fromBER((pfx.authSafe.content as asn1js.OctetString).getValue());
  for (const info of authSafe.safeContents) {
    if (info.contentType !== pkijs.id_ContentType_Data) continue;
    const safe = pkijs.SafeContents.fromBER((info.content as asn1js.OctetString).getValue());
    for (const bag of safe.safeBags) {
      if (bag.bagId !== SHROUDED_KEY_BAG) continue;
      const keyInfo = pkijs.PrivateKeyInfo.fromBER(
        decryptShroudedKey(bag.bagValue as pkijs.PKCS8ShroudedKeyBag),
      );
      const raw = keyInfo.privateKey.valueBlock.valueHexView;
      const inner = asn1js.fromBER(raw).result;
      const bytes =
        inner instanceof asn1js.OctetString || inner instanceof asn1js.Integer
          ? inner.valueBlock.valueHexView
          : raw;
      return gostPrivateKeyFromBytes(new Uint8Array(bytes));
    }
  }
  throw new Error(`${p12}: no shrouded key bag`);
}

/** The end-entity certificate (DER) of an NCA TEST PKCS#12 file, exported by openssl. */
export function ncaCertificate(p12: string): Uint8Array {
  const pem = execFileSync('openssl', [
    'pkcs12',
    '-legacy',
    '-in',
    join(PKI_DIR, p12),
    '-nokeys',
    '-clcerts',
    '-passin',
    `pass:${PASSWORD}`,
  ]).toString('latin1');
  const [block] = pemBlocks(pem);
  if (block === undefined) throw new Error(`${p12}: no certificate`);
  return block.der;
}

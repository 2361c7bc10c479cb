import type { TestSigner } from '../signer';
import type { BasicsSignerParams } from './protocol';

const FILE_STORAGE = 'PKCS12';

function given(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The keys NCALayer would offer for these filters: file storage allowed, every requested EKU present, IIN, BIN
 * and serial number equal when given (empty strings, as pages send them, filter nothing), valid at `now`.
 */
export function matchingSigners(
  signers: readonly TestSigner[],
  filters: {
    allowedStorages?: readonly string[] | null;
    signerParams: BasicsSignerParams;
    allowExpired?: boolean;
  },
  now: Date,
): TestSigner[] {
  // Every testkit key is a key file; a page that allows only hardware tokens sees none.
  if (Array.isArray(filters.allowedStorages) && !filters.allowedStorages.includes(FILE_STORAGE)) return [];
  const { extKeyUsageOids = [], iin, bin, serialNumber } = filters.signerParams;
  const wantIin = given(iin)?.replace(/^IIN/, '');
  const wantBin = given(bin)?.replace(/^BIN/, '');
  const wantSerial = given(serialNumber)?.toLowerCase().replace(/^0+/, '');
  return signers.filter(({ identity }) => {
    if (!extKeyUsageOids.every((oid) => identity.extKeyUsageOids.includes(oid))) return false;
    if (wantIin !== undefined && identity.iin !== wantIin) return false;
    if (wantBin !== undefined && identity.bin !== wantBin) return false;
    if (wantSerial !== undefined && identity.serialNumber.replace(/^0+/, '') !== wantSerial) return false;
    const inValidity = identity.notBefore <= now && now <= identity.notAfter;
    return inValidity || filters.allowExpired === true;
  });
}

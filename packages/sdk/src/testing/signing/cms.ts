import { refuse } from '../fakeHttp';

// The fake cannot check a CMS: a `fakeCms(marker)` signature asks for one of the server's refusals instead, and
// anything else passes when it is shaped like a CMS.

const FAKE_CMS_PREFIX = 'FAKE-CMS ';

/**
 * A base64 "CMS" the fake reads: `'revoked'` answers CERTIFICATE_REVOKED, `'mismatch'` SIGNATURE_MISMATCH,
 * `'invalid'` SIGNATURE_INVALID, `'tampered'` SIGNED_FILE_MISMATCH, `'employee'` (attach) ATTACH_SIGNATURE_ROLE,
 * `'bin:<BIN>'` attaches that company; any other marker is a good signature. Unmarked base64 passes when it is
 * DER-shaped (a SEQUENCE, as a real CMS from NCALayer) and is SIGNATURE_INVALID otherwise, as the server answers a
 * CMS it cannot read.
 *
 * @example await server.fetch(url, { method: 'POST', body: JSON.stringify({ signatures: [{ fileId, cms: fakeCms('revoked') }] }) })
 */
export function fakeCms(marker: string): string {
  return btoa(`${FAKE_CMS_PREFIX}${marker}`);
}

/** The marker of a {@link fakeCms} given as base64 text, undefined for anything else (never throws). */
export function fakeCmsMarker(text: string): string | undefined {
  try {
    const decoded = atob(text);
    return decoded.startsWith(FAKE_CMS_PREFIX) ? decoded.slice(FAKE_CMS_PREFIX.length) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's verdict on a marked CMS. */
export function verdict(marker: string | undefined): void {
  if (marker === 'revoked') refuse('CERTIFICATE_REVOKED');
  if (marker === 'mismatch') refuse('SIGNATURE_MISMATCH');
  if (marker === 'invalid') refuse('SIGNATURE_INVALID');
  if (marker === 'tampered') refuse('SIGNED_FILE_MISMATCH');
}

/** The marker of a {@link fakeCms}, undefined for a DER-shaped CMS; SIGNATURE_INVALID for anything else. */
export function cmsMarker(cms: string): string | undefined {
  let text: string;
  try {
    text = atob(cms);
  } catch {
    refuse('SIGNATURE_INVALID');
  }
  if (text.startsWith(FAKE_CMS_PREFIX)) return text.slice(FAKE_CMS_PREFIX.length);
  // 0x30: an ASN.1 SEQUENCE, how every CMS ContentInfo starts.
  if (text.charCodeAt(0) !== 0x30) refuse('SIGNATURE_INVALID');
  return undefined;
}

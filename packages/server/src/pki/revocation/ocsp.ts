import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { type CertificateRecord, recordOf } from '../chain/certificate.js';
import type { IssuedByCache } from '../chain/path.js';
import { asBytes, bytesEqual, decodeDer, FormatError, integerHex, toHex } from '../der.js';
import { OID } from '../oids.js';
import { digest } from '../signature/digest.js';
import { verifySignature } from '../signature/verify.js';

/** What one OCSP exchange said about one certificate. */
export interface OcspAnswer {
  status: 'good' | 'revoked' | 'unknown';
  revokedAt: Date | null;
  thisUpdate: Date;
  nextUpdate: Date | null;
}

/** Accepted clock difference between us and the responder. */
const CLOCK_SKEW_MS = 5 * 60_000;

function sha1(bytes: Uint8Array): Uint8Array {
  return createHash('sha1').update(bytes).digest();
}

/** Builds a DER OCSPRequest for `cert` (SHA-1 CertID, RFC 5019) with a random 16-byte nonce. */
export function buildOcspRequest(
  cert: CertificateRecord,
  issuer: CertificateRecord,
): { der: Uint8Array; nonce: Uint8Array } {
  const nonce = new Uint8Array(randomBytes(16));
  const certId = new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha1,
      algorithmParams: new asn1js.Null(),
    }),
    issuerNameHash: new asn1js.OctetString({ valueHex: sha1(issuer.subjectDer) }),
    issuerKeyHash: new asn1js.OctetString({
      valueHex: sha1(issuer.cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    }),
    serialNumber: cert.cert.serialNumber,
  });
  const request = new pkijs.OCSPRequest({
    tbsRequest: new pkijs.TBSRequest({
      requestList: [new pkijs.Request({ reqCert: certId })],
      requestExtensions: [
        new pkijs.Extension({
          extnID: OID.ocspNonce,
          extnValue: new asn1js.OctetString({ valueHex: nonce }).toBER(false),
        }),
      ],
    }),
  });
  return { der: new Uint8Array(request.toSchema(true).toBER(false)), nonce };
}

/** A parsed OCSPResponse: its status and, when successful, the basic response. */
export interface ParsedOcspResponse {
  /** OCSPResponseStatus: 0 successful, 1 malformedRequest, 2 internalError, 3 tryLater, 5 sigRequired, 6 unauthorized. */
  responseStatus: number;
  basic: pkijs.BasicOCSPResponse | null;
  /** DER of the BasicOCSPResponse (kept as validation data); null without one. */
  basicDer: Uint8Array | null;
}

/** Reads a DER BasicOCSPResponse (as CAdES revocationValues keep them) as a successful response. */
export function parseBasicOcspResponse(der: Uint8Array): ParsedOcspResponse {
  try {
    return {
      responseStatus: 0,
      basic: new pkijs.BasicOCSPResponse({ schema: decodeDer(der, 'BasicOCSPResponse') }),
      basicDer: der,
    };
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not a BasicOCSPResponse: ${(error as Error).message}`);
  }
}

/** Parses a DER OCSPResponse; throws FormatError for anything else. */
export function parseOcspResponse(der: Uint8Array): ParsedOcspResponse {
  try {
    const response = new pkijs.OCSPResponse({ schema: decodeDer(der, 'OCSP response') });
    const responseStatus = response.responseStatus.valueBlock.valueDec;
    if (response.responseBytes === undefined) return { responseStatus, basic: null, basicDer: null };
    if (response.responseBytes.responseType !== OID.ocspBasic) {
      throw new FormatError(`OCSP response type ${response.responseBytes.responseType}`);
    }
    const basicDer = asBytes(response.responseBytes.response.valueBlock.valueHexView);
    const inner = decodeDer(basicDer, 'BasicOCSPResponse');
    return { responseStatus, basic: new pkijs.BasicOCSPResponse({ schema: inner }), basicDer };
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not an OCSP response: ${(error as Error).message}`);
  }
}

function keyHash(cert: CertificateRecord, hashOid: string): Uint8Array {
  return digest(hashOid, cert.cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
}

/** True when the basic response's responderID names `candidate` (by name or by SHA-1 key hash). */
function namesResponder(basic: pkijs.BasicOCSPResponse, candidate: CertificateRecord): boolean {
  const id: unknown = basic.tbsResponseData.responderID;
  if (id instanceof pkijs.RelativeDistinguishedNames)
    return toHex(id.valueBeforeDecode) === candidate.subjectKey;
  if (id instanceof asn1js.OctetString)
    return bytesEqual(asBytes(id.valueBlock.valueHexView), keyHash(candidate, OID.sha1));
  return false;
}

function signedBy(basic: pkijs.BasicOCSPResponse, signer: CertificateRecord): boolean {
  try {
    return verifySignature({
      algorithm: basic.signatureAlgorithm,
      key: signer.publicKey(),
      data: basic.tbsResponseData.tbsView,
      signature: asBytes(basic.signature.valueBlock.valueHexView),
    });
  } catch {
    return false;
  }
}

/**
 * The certificate that signed a basic OCSP response, if it is `issuer` itself or a responder certificate in the
 * response that `issuer` issued for OCSP signing (id-kp-OCSPSigning) and valid at `now`; null otherwise.
 */
export function ocspSigner(
  basic: pkijs.BasicOCSPResponse,
  issuer: CertificateRecord,
  now: Date,
  signatures: IssuedByCache,
): CertificateRecord | null {
  if (namesResponder(basic, issuer) && signedBy(basic, issuer)) return issuer;
  for (const cert of basic.certs ?? []) {
    const record = recordOf(cert, new Uint8Array(cert.toSchema(false).toBER(false)));
    if (!namesResponder(basic, record)) continue;
    if (!record.extKeyUsage?.includes(OID.ekuOcspSigning)) continue;
    if (now < record.notBefore || now > record.notAfter) continue;
    if (signatures.issuedBy(record, issuer) && signedBy(basic, record)) return record;
  }
  return null;
}

function matchesCertId(id: pkijs.CertID, cert: CertificateRecord, issuer: CertificateRecord): boolean {
  const hashOid = id.hashAlgorithm.algorithmId;
  try {
    return (
      integerHex(id.serialNumber) === cert.serialHex &&
      bytesEqual(asBytes(id.issuerNameHash.valueBlock.valueHexView), digest(hashOid, issuer.subjectDer)) &&
      bytesEqual(asBytes(id.issuerKeyHash.valueBlock.valueHexView), keyHash(issuer, hashOid))
    );
  } catch {
    return false;
  }
}

function nonceMatches(basic: pkijs.BasicOCSPResponse, nonce: Uint8Array): boolean {
  const ext = basic.tbsResponseData.responseExtensions?.find((e) => e.extnID === OID.ocspNonce);
  // Responders may omit the nonce (RFC 5019 caching responders); a different one is a replay.
  if (ext === undefined) return true;
  const value = asBytes(ext.extnValue.valueBlock.valueHexView);
  if (bytesEqual(value, nonce)) return true;
  const inner = asn1js.fromBER(value).result;
  return inner instanceof asn1js.OctetString && bytesEqual(asBytes(inner.valueBlock.valueHexView), nonce);
}

/**
 * Checks a parsed response for `cert`: successful, signed by the issuer or its delegated responder, fresh at
 * `now`, nonce echoed (when sent and returned). Throws FormatError with the reason otherwise.
 */
export function evaluateOcspResponse(
  response: ParsedOcspResponse,
  cert: CertificateRecord,
  issuer: CertificateRecord,
  options: { nonce: Uint8Array | null; now: Date; signatures: IssuedByCache },
): OcspAnswer {
  const { basic } = response;
  if (response.responseStatus !== 0 || basic === null) {
    throw new FormatError(`OCSP response status ${response.responseStatus}`);
  }
  if (ocspSigner(basic, issuer, options.now, options.signatures) === null) {
    throw new FormatError('OCSP response not signed by the issuer or its responder');
  }
  if (options.nonce !== null && !nonceMatches(basic, options.nonce))
    throw new FormatError('OCSP nonce mismatch');
  const single = basic.tbsResponseData.responses.find((r) => matchesCertId(r.certID, cert, issuer));
  if (single === undefined) throw new FormatError('OCSP response does not cover the certificate');
  const now = options.now.getTime();
  if (single.thisUpdate.getTime() > now + CLOCK_SKEW_MS)
    throw new FormatError('OCSP response from the future');
  if (single.nextUpdate && single.nextUpdate.getTime() < now - CLOCK_SKEW_MS) {
    throw new FormatError('OCSP response expired');
  }
  const status = single.certStatus as asn1js.AsnType;
  const tag = status.idBlock.tagNumber;
  let revokedAt: Date | null = null;
  if (tag === 1 && status instanceof asn1js.Constructed) {
    const time = status.valueBlock.value[0];
    revokedAt = time instanceof asn1js.GeneralizedTime ? time.toDate() : null;
  }
  return {
    status: tag === 0 ? 'good' : tag === 1 ? 'revoked' : 'unknown',
    revokedAt,
    thisUpdate: single.thisUpdate,
    nextUpdate: single.nextUpdate ?? null,
  };
}

import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { algorithmIdentifier, type SigningKey } from '../keys/signing-key';
import { OID } from '../oids';
import { berInput } from '../pki/ber-input';
import { toHex } from '../pki/certificate-identity';
import type { CertificateStatus, TestPki } from '../pki/test-pki';
import type { TestSigner } from '../signer';

/** RFC 6960 OCSPResponseStatus values the responder uses. */
export const OCSP_STATUS = { successful: 0, malformedRequest: 1, internalError: 2, unauthorized: 6 } as const;

/** How the responder signs: with each CA's own key (default) or a delegated responder certificate per family. */
export interface OcspSigning {
  readonly pki: TestPki;
  /** Delegated responders by key family, from {@link TestPki.issueOcspResponder}. */
  readonly delegated?: ReadonlyMap<string, TestSigner>;
  /** Clock; default `new Date()`. */
  readonly now?: () => Date;
}

const SHA1 = '1.3.14.3.2.26';

function hashWith(oid: string, key: SigningKey, data: Uint8Array): string | undefined {
  if (oid === SHA1) return createHash('sha1').update(data).digest('hex');
  if (oid === OID.sha256) return createHash('sha256').update(data).digest('hex');
  if (oid === key.digestAlgorithm.oid) return toHex(key.digest(data));
  return undefined;
}

// The family whose issuing CA the CertID names (issuerNameHash and issuerKeyHash both match).
function familyOf(pki: TestPki, certId: pkijs.CertID) {
  for (const algorithm of pki.algorithms) {
    const ca = pki.ca(algorithm);
    const certificate = pkijs.Certificate.fromBER(berInput(ca.issuingCertificateDer));
    const oid = certId.hashAlgorithm.algorithmId;
    const nameHash = hashWith(oid, ca.issuingKey, new Uint8Array(certificate.subject.toSchema().toBER()));
    const keyHash = hashWith(
      oid,
      ca.issuingKey,
      certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
    );
    if (
      nameHash === toHex(certId.issuerNameHash.valueBlock.valueHexView) &&
      keyHash === toHex(certId.issuerKeyHash.valueBlock.valueHexView)
    )
      return { algorithm, ca };
  }
  return undefined;
}

function certStatusBlock(status: CertificateStatus): asn1js.BaseBlock {
  if (status.status === 'good') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  if (status.status === 'unknown') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } });
  const value: asn1js.BaseBlock[] = [new asn1js.GeneralizedTime({ valueDate: status.revocation.revokedAt })];
  if (status.revocation.reason !== 0)
    value.push(
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Enumerated({ value: status.revocation.reason })],
      }),
    );
  return new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 1 }, value });
}

function statusOnly(status: number): Uint8Array {
  return new Uint8Array(
    new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: status }) }).toSchema().toBER(),
  );
}

/** Answers a DER OCSPRequest for the test PKI's issuing CAs: good / revoked / unknown, the nonce echoed. */
export function answerOcspRequest(requestDer: Uint8Array, signing: OcspSigning): Uint8Array {
  let request: pkijs.OCSPRequest;
  try {
    request = pkijs.OCSPRequest.fromBER(berInput(requestDer));
  } catch {
    return statusOnly(OCSP_STATUS.malformedRequest);
  }
  const items = request.tbsRequest.requestList;
  const first = items[0];
  if (!first) return statusOnly(OCSP_STATUS.malformedRequest);
  const family = familyOf(signing.pki, first.reqCert);
  if (!family) return statusOnly(OCSP_STATUS.unauthorized);
  const now = (signing.now ?? (() => new Date()))();
  const responder = signing.delegated?.get(family.algorithm);
  const signerKey = responder?.key ?? family.ca.issuingKey;
  const signerCertificateDer = responder?.certificateDer ?? family.ca.issuingCertificateDer;
  const responses = items.map((item) => {
    const serial = toHex(item.reqCert.serialNumber.valueBlock.valueHexView);
    const same = familyOf(signing.pki, item.reqCert)?.algorithm === family.algorithm;
    const status: CertificateStatus = same
      ? signing.pki.statusOf(family.algorithm, serial)
      : { status: 'unknown' };
    return new pkijs.SingleResponse({
      certID: item.reqCert,
      certStatus: certStatusBlock(status),
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + 3_600_000),
    });
  });
  const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === OID.ocspNonce);
  const signerCertificate = pkijs.Certificate.fromBER(berInput(signerCertificateDer));
  const keyHash = createHash('sha1')
    .update(signerCertificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
    .digest();
  const tbsResponseData = new pkijs.ResponseData({
    responderID: new asn1js.OctetString({ valueHex: keyHash }),
    producedAt: now,
    responses,
    ...(nonce ? { responseExtensions: [nonce] } : {}),
  });
  tbsResponseData.tbsView = new Uint8Array(tbsResponseData.toSchema(true).toBER());
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData,
    signatureAlgorithm: algorithmIdentifier(signerKey.signatureAlgorithm),
    signature: new asn1js.BitString({ valueHex: signerKey.sign(tbsResponseData.tbsView) }),
    ...(responder ? { certs: [signerCertificate] } : {}),
  });
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: OCSP_STATUS.successful }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: OID.ocspBasic,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER() }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER());
}

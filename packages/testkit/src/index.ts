/** Test PKI with KZ-format certificates, a CMS signer, an RFC 3161 time-stamping unit, PKCS#12 loading, an OCSP responder and NCALayer / eGov mobile emulators. For tests, emulators and the development server only. */
export {
  type AddSignerOptions,
  addSigner,
  type CmsSigner,
  type SignCmsOptions,
  signCms,
  signDigestCms,
} from './cms/sign-cms';
export {
  addSignatureTimestamps,
  type SignatureTimestampOptions,
  type TimestampTokenOptions,
  timestampToken,
} from './cms/timestamp-token';
export { type DevSigning, type DevSigningOptions, startDevSigning } from './dev/start-dev-signing';
export {
  type EgovMobileAction,
  type EgovMobileOptions,
  type EgovMobileOutcome,
  signWithEgovMobile,
} from './egov/egov-mobile';
export { generateSigningKey } from './keys/generate-key';
export type { AlgorithmSpec, KeyAlgorithm, SigningKey } from './keys/signing-key';
export type { NcaLayerBehaviour } from './ncalayer/handle-message';
export {
  type NcaLayerEmulator,
  type NcaLayerEmulatorOptions,
  startNcaLayerEmulator,
} from './ncalayer/ncalayer-emulator';
export {
  BASICS_MODULE,
  type BasicsResponse,
  type BasicsSignerParams,
  type BasicsSigningParams,
  type BasicsSignRequest,
  HEARTBEAT,
  type NcaLayerGreeting,
} from './ncalayer/protocol';
export { answerOcspRequest, type OcspSigning } from './ocsp/answer-ocsp';
export { type OcspResponder, type OcspResponderOptions, startOcspResponder } from './ocsp/ocsp-responder';
export { OID } from './oids';
export { type LoadPkcs12Options, loadPkcs12 } from './pkcs12/load-pkcs12';
export {
  defaultPkiDir,
  NCA_TEST_PASSWORD,
  type NcaTestKey,
  ncaTestChainDer,
  ncaTestKeys,
} from './pkcs12/nca-test-keys';
export { identityOf, type SignerIdentity } from './pki/certificate-identity';
export type { CertificateUsage, SignerKind } from './pki/kz-roles';
export type { KzSubject } from './pki/kz-subject';
export { toPem } from './pki/pem';
export {
  type CertificateStatus,
  createTestPki,
  type IssueOptions,
  type Revocation,
  type TestCa,
  type TestPki,
  type TestPkiOptions,
} from './pki/test-pki';
export { createTestSigner, type TestSigner } from './signer';
export { type SignXmlOptions, signXml } from './xml/sign-xml';

import { type SignCmsOptions, signCms } from './cms/sign-cms';
import type { SigningKey } from './keys/signing-key';
import { identityOf, type SignerIdentity } from './pki/certificate-identity';
import { type SignXmlOptions, signXml } from './xml/sign-xml';

/** A certificate holder who can sign: a testkit-issued key or one read from a PKCS#12 file. */
export interface TestSigner {
  readonly certificateDer: Uint8Array;
  /** The CA certificates above it, issuing CA first, root last. */
  readonly chainDer: readonly Uint8Array[];
  readonly identity: SignerIdentity;
  readonly key: SigningKey;
  /** {@link signCms} with this signer. */
  signCms(options: Omit<SignCmsOptions, 'signer'>): Uint8Array;
  /** {@link signXml} with this signer: the XML with this signer's enveloped XMLDSig appended. */
  signXml(options: Omit<SignXmlOptions, 'signer'>): string;
}

/** Puts a certificate, its chain and its key together as a {@link TestSigner}. */
export function createTestSigner(
  certificateDer: Uint8Array,
  chainDer: readonly Uint8Array[],
  key: SigningKey,
): TestSigner {
  const signer: TestSigner = {
    certificateDer,
    chainDer,
    identity: identityOf(certificateDer),
    key,
    signCms: (options) => signCms({ ...options, signer }),
    signXml: (options) => signXml({ ...options, signer }),
  };
  return signer;
}

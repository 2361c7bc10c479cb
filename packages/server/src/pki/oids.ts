/** Object identifiers the verification engine reads. */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  /** CAdES (ETSI TS 101 733) id-aa-ets-certValues: the certificates of the signer's and the TSA's paths. */
  certValues: '1.2.840.113549.1.9.16.2.23',
  /** CAdES id-aa-ets-revocationValues: the CRLs and basic OCSP responses the signature was checked with. */
  revocationValues: '1.2.840.113549.1.9.16.2.24',
  /** ETSI EN 319 122-1 id-aa-ets-archiveTimestampV3: an archive timestamp over the signature and its evidence. */
  archiveTimestampV3: '0.4.0.1733.2.4',
  /** ETSI EN 319 122-1 id-aa-ATSHashIndex-v3: what an archive-time-stamp-v3 covers (in its token's unsigned attrs). */
  atsHashIndexV3: '0.4.0.19122.1.5',
  sha1: '1.3.14.3.2.26',
  sha224: '2.16.840.1.101.3.4.2.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha1WithRsa: '1.2.840.113549.1.1.5',
  sha224WithRsa: '1.2.840.113549.1.1.14',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  rsaPss: '1.2.840.113549.1.1.10',
  mgf1: '1.2.840.113549.1.1.8',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha1: '1.2.840.10045.4.1',
  ecdsaWithSha224: '1.2.840.10045.4.3.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  /** GOST 34.310-2004 public key (KZ). */
  gost2004Key: '1.2.398.3.10.1.1.1.1',
  /** GOST 34.310-2004 signature with GOST 34.311-95 (KZ). */
  gost2004Signature: '1.2.398.3.10.1.1.1.2',
  /** GOST 34.311-95 hash, GOST R 34.11-94 "test" S-box (KZ). */
  gost34311: '1.2.398.3.10.1.3.1',
  /** GOST 34.10-2015 512-bit public key (KZ). */
  gost2015Key512: '1.2.398.3.10.1.1.2.2',
  /** GOST 34.10-2015 512-bit signature with Streebog-512 (KZ). */
  gost2015Signature512: '1.2.398.3.10.1.1.2.3.2',
  /** Streebog-512 hash (KZ). */
  streebog512: '1.2.398.3.10.1.3.3',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  basicConstraints: '2.5.29.19',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  crlDistributionPoints: '2.5.29.31',
  /** Freshest CRL: where the CA publishes its delta CRLs (RFC 5280 4.2.1.15, 5.2.6). */
  freshestCrl: '2.5.29.46',
  /** Delta CRL indicator: the CRL is a delta CRL (RFC 5280 5.2.4). */
  deltaCrlIndicator: '2.5.29.27',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  subjectAltName: '2.5.29.17',
  ocspMethod: '1.3.6.1.5.5.7.48.1',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  ekuClientAuth: '1.3.6.1.5.5.7.3.2',
  ekuEmailProtection: '1.3.6.1.5.5.7.3.4',
  ekuTimeStamping: '1.3.6.1.5.5.7.3.8',
  ekuOcspSigning: '1.3.6.1.5.5.7.3.9',
  anyExtendedKeyUsage: '2.5.29.37.0',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organisation: '2.5.4.10',
  organisationalUnit: '2.5.4.11',
  givenName: '2.5.4.42',
  emailAddress: '1.2.840.113549.1.9.1',
} as const;

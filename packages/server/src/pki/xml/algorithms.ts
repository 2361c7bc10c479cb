import { OID } from '../oids.js';

/** The XML Signature namespace. */
export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

const MORE = 'http://www.w3.org/2001/04/xmldsig-more#';
const XMLENC = 'http://www.w3.org/2001/04/xmlenc#';
/** The prefix of the GOST 34.10-2015 URIs NCA RK's KalkanCrypt writes. */
const PKIGOVKZ = 'urn:ietf:params:xml:ns:pkigovkz:xmlsec:algorithms:';

/** XMLDSig URIs of the algorithms NCALayer, KalkanCrypt and NCANode write (and the common RSA ones). */
export const XML_ALGORITHMS = {
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  c14nWithComments: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  excC14nWithComments: 'http://www.w3.org/2001/10/xml-exc-c14n#WithComments',
  envelopedSignature: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  rsaSha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  rsaSha256: `${MORE}rsa-sha256`,
  rsaSha384: `${MORE}rsa-sha384`,
  rsaSha512: `${MORE}rsa-sha512`,
  /** GOST 34.310-2004 with GOST 34.311-95 (KalkanCrypt's name). */
  gost2004: `${MORE}gost34310-gost34311`,
  /** GOST 34.10-2015 512-bit with Streebog-512. */
  gost2015: `${PKIGOVKZ}gostr34102015-gostr34112015-512`,
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: `${XMLENC}sha256`,
  sha384: `${MORE}sha384`,
  sha512: `${XMLENC}sha512`,
  gost34311: `${MORE}gost34311`,
  streebog512: `${PKIGOVKZ}gostr34112015-512`,
} as const;

/** Signature method URI -> the CMS signature algorithm OID the engine verifies it as. */
export const XML_SIGNATURE_OIDS: Readonly<Record<string, string>> = {
  [XML_ALGORITHMS.rsaSha1]: OID.sha1WithRsa,
  [XML_ALGORITHMS.rsaSha256]: OID.sha256WithRsa,
  [XML_ALGORITHMS.rsaSha384]: OID.sha384WithRsa,
  [XML_ALGORITHMS.rsaSha512]: OID.sha512WithRsa,
  [XML_ALGORITHMS.gost2004]: OID.gost2004Signature,
  [XML_ALGORITHMS.gost2015]: OID.gost2015Signature512,
};

/** Digest method URI -> digest OID. */
export const XML_DIGEST_OIDS: Readonly<Record<string, string>> = {
  [XML_ALGORITHMS.sha1]: OID.sha1,
  [XML_ALGORITHMS.sha256]: OID.sha256,
  [XML_ALGORITHMS.sha384]: OID.sha384,
  [XML_ALGORITHMS.sha512]: OID.sha512,
  [XML_ALGORITHMS.gost34311]: OID.gost34311,
  [XML_ALGORITHMS.streebog512]: OID.streebog512,
};

/** The canonicalization URIs the engine applies (inclusive and exclusive, with or without comments). */
export const XML_C14N_METHODS: ReadonlySet<string> = new Set([
  XML_ALGORITHMS.c14n,
  XML_ALGORITHMS.c14nWithComments,
  XML_ALGORITHMS.excC14n,
  XML_ALGORITHMS.excC14nWithComments,
]);

/**
 * Object identifiers of Kazakhstan's GOST algorithms (KNCA arc 1.2.398.3.10), as found in the NCA TEST
 * certificates, CRLs and keys: algorithm, key and parameter-set OIDs.
 */
export const GOST_OIDS = {
  /** GOST 34.310-2004 signature with the GOST 34.311-95 hash (certificates, CRLs, CMS). */
  gost2004Signature: '1.2.398.3.10.1.1.1.2',
  /** GOST 34.310-2004 public key (SubjectPublicKeyInfo algorithm). */
  gost2004Key: '1.2.398.3.10.1.1.1.1',
  /** GOST 34.310-2004 curve parameter set A (= CryptoPro-A), the first parameter of a 2004 key. */
  gost2004ParamSetA: '1.2.398.3.10.1.1.1.1.1',
  /** GOST 34.311-95 hash. */
  gost2004Hash: '1.2.398.3.10.1.3.1',
  /** GOST 34.311-95 hash parameters ("test" S-box), the second parameter of a 2004 key. */
  gost2004HashParamSet: '1.2.398.3.10.1.3.1.1.0',
  /** GOST 34.10-2015 512-bit signature with Streebog-512. */
  gost2015Signature512: '1.2.398.3.10.1.1.2.3.2',
  /** GOST 34.10-2015 512-bit public key. */
  gost2015Key512: '1.2.398.3.10.1.1.2.2',
  /** GOST 34.10-2015 512-bit curve parameter set A (= tc26 512 paramSet A). */
  gost2015ParamSet512A: '1.2.398.3.10.1.1.2.2.1',
  /** GOST 34.10-2015 256-bit signature with Streebog-256 (not seen in the test data; curve not supported here). */
  gost2015Signature256: '1.2.398.3.10.1.1.2.3.1',
  /** GOST 34.10-2015 256-bit public key (not seen in the test data). */
  gost2015Key256: '1.2.398.3.10.1.1.2.1',
  /** Streebog-512 (GOST R 34.11-2012, 512-bit). */
  streebog512: '1.2.398.3.10.1.3.3',
  /** Streebog-256 (GOST R 34.11-2012, 256-bit). */
  streebog256: '1.2.398.3.10.1.3.2',
} as const;

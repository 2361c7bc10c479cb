import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { generateSigningKey } from '../keys/generate-key';
import type { KeyAlgorithm, SigningKey } from '../keys/signing-key';
import { OID } from '../oids';
import { createTestSigner, type TestSigner } from '../signer';
import { berInput } from './ber-input';
import { buildCertificate, randomSerialNumber } from './certificate-builder';
import { toHex } from './certificate-identity';
import { buildCrl } from './crl';
import {
  authorityInfoAccessExtension,
  authorityKeyIdentifierExtension,
  caBasicConstraints,
  crlDistributionPointsExtension,
  extKeyUsageExtension,
  KEY_USAGE,
  keyIdentifier,
  keyUsageExtension,
  kzCertificatePoliciesExtension,
  ocspNoCheckExtension,
  subjectKeyIdentifierExtension,
} from './extensions';
import { type CertificateUsage, kzExtKeyUsages, kzKeyUsageBits, type SignerKind } from './kz-roles';
import { caName, type KzSubject, kzSubjectName } from './kz-subject';
import { toPem } from './pem';

/** Options of {@link createTestPki}. */
export interface TestPkiOptions {
  /** Same seed, same keys (RSA keys are cached per process by seed, which is what makes RSA cheap). */
  readonly seed?: string;
  /** Default OCSP URL put in certificates issued with `withOcsp`. */
  readonly ocspUrl?: string;
  /** Default base of CRL URLs: `<crlBaseUrl>/<algorithm>.crl`. */
  readonly crlBaseUrl?: string;
  /** Clock; default `new Date()`. */
  readonly now?: () => Date;
}

/** Options of {@link TestPki.issue}: the holder, the role and what the certificate points to. */
export interface IssueOptions extends KzSubject {
  readonly algorithm: KeyAlgorithm;
  readonly kind: SignerKind;
  readonly usage: CertificateUsage;
  readonly notBefore?: Date;
  readonly notAfter?: Date;
  /** Put an AIA OCSP URL in (default true). */
  readonly withOcsp?: boolean;
  /** Put a CRL distribution point in (default true). */
  readonly withCrl?: boolean;
  readonly ocspUrl?: string;
  readonly crlUrl?: string;
}

/** A root and an issuing CA of one key family. */
export interface TestCa {
  readonly algorithm: KeyAlgorithm;
  readonly rootCertificateDer: Uint8Array;
  readonly issuingCertificateDer: Uint8Array;
  readonly issuingKey: SigningKey;
}

/** A revoked certificate as the CA records it. */
export interface Revocation {
  readonly revokedAt: Date;
  /** CRLReason code; 0 unspecified. */
  readonly reason: number;
}

/** A certificate's status as the OCSP responder reports it. */
export type CertificateStatus =
  | { readonly status: 'good' }
  | { readonly status: 'revoked'; readonly revocation: Revocation }
  | { readonly status: 'unknown' };

/** A test PKI: per key family a root and an issuing CA, the certificates they issued, revocations. */
export interface TestPki {
  /** The CAs of a family (created on first use). */
  ca(algorithm: KeyAlgorithm): TestCa;
  /** Issues a KZ-format certificate with a fresh key. */
  issue(options: IssueOptions): TestSigner;
  /** Issues a delegated OCSP responder certificate (EKU OCSPSigning, ocsp-nocheck) under the issuing CA. */
  issueOcspResponder(algorithm: KeyAlgorithm): TestSigner;
  /** Issues a time-stamping unit's certificate (EKU timeStamping, critical; RFC 3161 2.3) under the issuing CA. */
  issueTsa(algorithm: KeyAlgorithm, validity?: { notBefore?: Date; notAfter?: Date }): TestSigner;
  /** Marks a certificate revoked from `at` (default now). */
  revoke(signer: TestSigner | { readonly certificateDer: Uint8Array }, at?: Date, reason?: number): void;
  /** good / revoked / unknown for a serial number (lowercase hex) under a family's issuing CA. */
  statusOf(algorithm: KeyAlgorithm, serialNumberHex: string): CertificateStatus;
  /** A fresh CRL of the family's issuing CA, nextUpdate a day later. */
  crlDer(algorithm: KeyAlgorithm): Uint8Array;
  /** Marks the family's issuing CA revoked by its root from `at` (default now): the root's CRL lists it then. */
  revokeIssuingCa(algorithm: KeyAlgorithm, at?: Date, reason?: number): void;
  /** A fresh CRL of the family's root (the issuing CA on it once revoked), nextUpdate a day later. */
  rootCrlDer(algorithm: KeyAlgorithm): Uint8Array;
  /** The families created so far. */
  readonly algorithms: readonly KeyAlgorithm[];
  /** Root certificates of the created families. */
  trustAnchorsDer(): Uint8Array[];
  /**
   * Writes `<algorithm>-root.cer|.pem`, `<algorithm>-ca.cer|.pem`, `<algorithm>-ca.crl` (the issuing CA's) and
   * `<algorithm>-root.crl` (the root's, about the issuing CA) per family; returns the paths.
   */
  writeTrustDir(dir: string): Promise<string[]>;
}

const DAY = 86_400_000;
const FAMILY_LABEL: Record<KeyAlgorithm, string> = {
  rsa: 'RSA',
  ecdsa: 'ECDSA',
  gost2015: 'GOST',
  gost2004: 'GOST 2004',
};

interface CaState extends TestCa {
  readonly issuingName: pkijs.RelativeDistinguishedNames;
  readonly issuingKeyId: Uint8Array;
  readonly issued: Set<string>;
  readonly revoked: Map<string, Revocation>;
  crlNumber: number;
  readonly rootName: pkijs.RelativeDistinguishedNames;
  readonly rootKey: SigningKey;
  readonly rootKeyId: Uint8Array;
  readonly issuingSerialHex: string;
  /** The root's revocation of the issuing CA, null while it stands. */
  issuingRevocation: Revocation | null;
  rootCrlNumber: number;
}

/** Creates a test PKI. CAs of a family come into being on first use, so asking only for ECDSA costs no RSA keys. */
export function createTestPki(options: TestPkiOptions = {}): TestPki {
  const seed = options.seed ?? toHex(new Uint8Array(randomBytes(8)));
  const now = options.now ?? (() => new Date());
  const cas = new Map<KeyAlgorithm, CaState>();
  let keyCounter = 0;

  const crlUrlOf = (algorithm: KeyAlgorithm) =>
    `${options.crlBaseUrl ?? 'http://127.0.0.1/crl'}/${algorithm}.crl`;

  function createCa(algorithm: KeyAlgorithm): CaState {
    const label = FAMILY_LABEL[algorithm];
    const rootKey = generateSigningKey(algorithm, `${seed}:${algorithm}:root`);
    const issuingKey = generateSigningKey(algorithm, `${seed}:${algorithm}:issuing`);
    const rootName = caName(`НЕГІЗГІ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (${label}) QOLTANBA TEST`);
    const issuingName = caName(`ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (${label}) QOLTANBA TEST`);
    const rootKeyId = keyIdentifier(rootKey.publicKeyInfoDer);
    const issuingKeyId = keyIdentifier(issuingKey.publicKeyInfoDer);
    const start = new Date(now().getTime() - DAY);
    const end = new Date(start.getTime() + 3650 * DAY);
    const caUsage = keyUsageExtension(KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign);
    const rootCertificateDer = buildCertificate({
      serialNumber: randomSerialNumber(),
      issuer: rootName,
      subject: rootName,
      notBefore: start,
      notAfter: end,
      publicKeyInfoDer: rootKey.publicKeyInfoDer,
      extensions: [caBasicConstraints(), caUsage, subjectKeyIdentifierExtension(rootKeyId)],
      issuerKey: rootKey,
    });
    const issuingSerial = randomSerialNumber();
    const issuingCertificateDer = buildCertificate({
      serialNumber: issuingSerial,
      issuer: rootName,
      subject: issuingName,
      notBefore: start,
      notAfter: end,
      publicKeyInfoDer: issuingKey.publicKeyInfoDer,
      extensions: [
        caBasicConstraints(),
        caUsage,
        subjectKeyIdentifierExtension(issuingKeyId),
        authorityKeyIdentifierExtension(rootKeyId),
      ],
      issuerKey: rootKey,
    });
    return {
      algorithm,
      rootCertificateDer,
      issuingCertificateDer,
      issuingKey,
      issuingName,
      issuingKeyId,
      issued: new Set(),
      revoked: new Map(),
      crlNumber: 0,
      rootName,
      rootKey,
      rootKeyId,
      issuingSerialHex: toHex(issuingSerial),
      issuingRevocation: null,
      rootCrlNumber: 0,
    };
  }

  function ca(algorithm: KeyAlgorithm): CaState {
    let state = cas.get(algorithm);
    if (!state) {
      state = createCa(algorithm);
      cas.set(algorithm, state);
    }
    return state;
  }

  function issueWith(
    state: CaState,
    subject: pkijs.RelativeDistinguishedNames,
    extensions: (keyId: Uint8Array) => pkijs.Extension[],
    validity: { notBefore?: Date; notAfter?: Date },
  ): TestSigner {
    keyCounter += 1;
    const key = generateSigningKey(state.algorithm, `${seed}:${state.algorithm}:key:${keyCounter}`);
    const keyId = keyIdentifier(key.publicKeyInfoDer);
    const notBefore = validity.notBefore ?? new Date(now().getTime() - 3_600_000);
    const serialNumber = randomSerialNumber();
    const certificateDer = buildCertificate({
      serialNumber,
      issuer: state.issuingName,
      subject,
      notBefore,
      notAfter: validity.notAfter ?? new Date(notBefore.getTime() + 365 * DAY),
      publicKeyInfoDer: key.publicKeyInfoDer,
      extensions: extensions(keyId),
      issuerKey: state.issuingKey,
    });
    state.issued.add(toHex(serialNumber));
    return createTestSigner(certificateDer, [state.issuingCertificateDer, state.rootCertificateDer], key);
  }

  function issue(issueOptions: IssueOptions): TestSigner {
    const state = ca(issueOptions.algorithm);
    const gost = issueOptions.algorithm === 'gost2015' || issueOptions.algorithm === 'gost2004';
    const ocspUrl = issueOptions.ocspUrl ?? options.ocspUrl ?? 'http://127.0.0.1/ocsp';
    return issueWith(
      state,
      kzSubjectName(issueOptions),
      (keyId) => {
        const extensions = [
          extKeyUsageExtension(kzExtKeyUsages(issueOptions.kind, issueOptions.usage)),
          kzCertificatePoliciesExtension(),
        ];
        if (issueOptions.withCrl ?? true)
          extensions.push(
            crlDistributionPointsExtension(issueOptions.crlUrl ?? crlUrlOf(issueOptions.algorithm)),
          );
        extensions.push(
          keyUsageExtension(kzKeyUsageBits(issueOptions.usage, gost)),
          authorityInfoAccessExtension({ ...((issueOptions.withOcsp ?? true) ? { ocsp: ocspUrl } : {}) }),
          subjectKeyIdentifierExtension(keyId),
          authorityKeyIdentifierExtension(state.issuingKeyId),
        );
        return extensions;
      },
      issueOptions,
    );
  }

  function issueOcspResponder(algorithm: KeyAlgorithm): TestSigner {
    const state = ca(algorithm);
    return issueWith(
      state,
      caName(`OCSP RESPONDER (${FAMILY_LABEL[algorithm]}) QOLTANBA TEST`),
      (keyId) => [
        extKeyUsageExtension([OID.ocspSigning]),
        keyUsageExtension(KEY_USAGE.digitalSignature),
        ocspNoCheckExtension(),
        subjectKeyIdentifierExtension(keyId),
        authorityKeyIdentifierExtension(state.issuingKeyId),
      ],
      {},
    );
  }

  function issueTsa(
    algorithm: KeyAlgorithm,
    validity: { notBefore?: Date; notAfter?: Date } = {},
  ): TestSigner {
    const state = ca(algorithm);
    return issueWith(
      state,
      caName(`TSA (${FAMILY_LABEL[algorithm]}) QOLTANBA TEST`),
      (keyId) => [
        extKeyUsageExtension([OID.timeStamping], true),
        keyUsageExtension(KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation),
        subjectKeyIdentifierExtension(keyId),
        authorityKeyIdentifierExtension(state.issuingKeyId),
      ],
      validity,
    );
  }

  function revoke(signer: { readonly certificateDer: Uint8Array }, at?: Date, reason = 0): void {
    const serial = toHex(
      pkijs.Certificate.fromBER(berInput(signer.certificateDer)).serialNumber.valueBlock.valueHexView,
    );
    for (const state of cas.values()) {
      if (state.issued.has(serial)) {
        state.revoked.set(serial, { revokedAt: at ?? now(), reason });
        return;
      }
    }
    throw new Error('this certificate was not issued by this test PKI');
  }

  function statusOf(algorithm: KeyAlgorithm, serialNumberHex: string): CertificateStatus {
    const state = cas.get(algorithm);
    if (!state?.issued.has(serialNumberHex)) return { status: 'unknown' };
    const revocation = state.revoked.get(serialNumberHex);
    return revocation && revocation.revokedAt.getTime() <= now().getTime()
      ? { status: 'revoked', revocation }
      : { status: 'good' };
  }

  function crlDer(algorithm: KeyAlgorithm): Uint8Array {
    const state = ca(algorithm);
    state.crlNumber += 1;
    const thisUpdate = now();
    return buildCrl({
      issuer: state.issuingName,
      issuerKey: state.issuingKey,
      issuerKeyId: state.issuingKeyId,
      thisUpdate,
      nextUpdate: new Date(thisUpdate.getTime() + DAY),
      crlNumber: state.crlNumber,
      revoked: [...state.revoked.entries()]
        .filter(([, r]) => r.revokedAt.getTime() <= thisUpdate.getTime())
        .map(([serialNumberHex, r]) => ({ serialNumberHex, ...r })),
    });
  }

  function revokeIssuingCa(algorithm: KeyAlgorithm, at?: Date, reason = 0): void {
    ca(algorithm).issuingRevocation = { revokedAt: at ?? now(), reason };
  }

  function rootCrlDer(algorithm: KeyAlgorithm): Uint8Array {
    const state = ca(algorithm);
    state.rootCrlNumber += 1;
    const thisUpdate = now();
    const revocation = state.issuingRevocation;
    return buildCrl({
      issuer: state.rootName,
      issuerKey: state.rootKey,
      issuerKeyId: state.rootKeyId,
      thisUpdate,
      nextUpdate: new Date(thisUpdate.getTime() + DAY),
      crlNumber: state.rootCrlNumber,
      revoked:
        revocation && revocation.revokedAt.getTime() <= thisUpdate.getTime()
          ? [{ serialNumberHex: state.issuingSerialHex, ...revocation }]
          : [],
    });
  }

  async function writeTrustDir(dir: string): Promise<string[]> {
    await mkdir(dir, { recursive: true });
    const written: string[] = [];
    for (const state of cas.values()) {
      const files: [string, Uint8Array | string][] = [
        [`${state.algorithm}-root.cer`, state.rootCertificateDer],
        [`${state.algorithm}-root.pem`, toPem('CERTIFICATE', state.rootCertificateDer)],
        [`${state.algorithm}-ca.cer`, state.issuingCertificateDer],
        [`${state.algorithm}-ca.pem`, toPem('CERTIFICATE', state.issuingCertificateDer)],
        [`${state.algorithm}-ca.crl`, crlDer(state.algorithm)],
        [`${state.algorithm}-root.crl`, rootCrlDer(state.algorithm)],
      ];
      for (const [name, data] of files) {
        const path = join(dir, name);
        await writeFile(path, data);
        written.push(path);
      }
    }
    return written;
  }

  return {
    ca,
    issue,
    issueOcspResponder,
    issueTsa,
    revoke,
    statusOf,
    crlDer,
    revokeIssuingCa,
    rootCrlDer,
    get algorithms() {
      return [...cas.keys()];
    },
    trustAnchorsDer: () => [...cas.values()].map((state) => state.rootCertificateDer),
    writeTrustDir,
  };
}

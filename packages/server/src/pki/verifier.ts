import {
  type CertificateInfo,
  type CertificateSigner,
  type EtsiSubIndication,
  isValidBin,
  isValidIin,
  overallVerdict,
  type SignatureReport,
  type SignatureTimestamp,
  signingCapacity,
  type VerificationReport,
} from '@qoltanba/core';
import type { CardOutline } from './card/card-outline.js';
import { type CardVerification, verifyCard } from './card/verify-card.js';
import { type CertificateRecord, parseCertificate } from './chain/certificate.js';
import { buildPath, type CertificationPath, IssuedByCache } from './chain/path.js';
import { loadTrustStore, type TrustStore } from './chain/trust-store.js';
import { isSigningCertificate, isTimestampingCertificate } from './chain/usage.js';
import { type ParsedCms, parseCms } from './cms/parse.js';
import { cmsSubjects, type SignedContent } from './cms-signatures.js';
import { FormatError, sha256Hex } from './der.js';
import { kzSigner } from './identity/kz-subject.js';
import { addArchiveTimestamps } from './long-term/archive-renewal.js';
import { evidenceData, type KeptEvidence, keptRevocation } from './long-term/kept-evidence.js';
import { type SecuredCms, secureCms } from './long-term/secure-cms.js';
import type { TimestampAuthority } from './long-term/timestamp-authority.js';
import {
  type JudgeSubject,
  judgeArchiveTimestamps,
  judgeTimestampToken,
} from './long-term/timestamp-checks.js';
import {
  emptyValidationData,
  mergeValidationData,
  type ValidationData,
} from './long-term/validation-data.js';
import { LruCache } from './lru.js';
import { certificateInfo, indicationOf, revocationInfo, UNKNOWN_SIGNER } from './report.js';
import { RevocationChecker, type RevocationStatus } from './revocation/checker.js';
import { signatureFamily } from './signature/algorithms.js';
import {
  type ContentBytes,
  type ContentDigests,
  digestMemo,
  UnsupportedAlgorithmError,
} from './signature/digest.js';
import { type CertificateReader, fail, readCertificates, type SignatureSubject, Verdict } from './verdict.js';
import type { SignedXml } from './xml/outline.js';
import { looksLikeXml } from './xml/xml-document.js';
import { signedXmlOf, xmlSubjects } from './xml-signatures.js';

/** Verification engine settings; see `pkiConfigFromEnv` for the environment variables. */
export interface PkiConfig {
  /** Folder of trusted CA certificates and CRLs (PEM or DER). */
  trustDir: string;
  /** No OCSP or CRL downloads: only the CRLs in the trust folder. */
  offline: boolean;
  /** HTTP client for OCSP and CRL downloads (tests inject one). */
  fetch?: typeof fetch;
  /** The verification time (tests pin it to verify expired material "as of" a date). */
  now?: () => Date;
  /** Timeout of one OCSP or CRL request. */
  ocspTimeoutMs?: number;
  /** Accept the NCA test IIN/BIN numbers, which fail the checksum (test mode only). */
  acceptTestIdentities?: boolean;
  /**
   * The RFC 3161 TSA that {@link Verifier.secureCms} stamps signatures with (NCA RK's TSP in production, the
   * testkit's in tests); without one, secureCms keeps signatures as they came.
   */
  timestamping?: TimestampAuthority;
  /** Bytes of XML `verifyXml` parses at most (larger: FORMAT_FAILURE unparsed); XML_MAX_BYTES by default. */
  xmlMaxBytes?: number;
}

/** The result of {@link Verifier.verifyCms}. */
export interface CmsVerification {
  report: VerificationReport;
  /** One entry per SignerInfo whose certificate was found, in the report's order; empty for a malformed CMS. */
  signers: Array<{
    report: SignatureReport;
    certificateDer: Uint8Array;
    /** What the checks used: the certificate paths (signer's, TSA's) and the CRLs / OCSP answers. */
    validationData: ValidationData;
    /**
     * The signing certificate's status as the checks found it, with the answer it came from and whether that was
     * the signature's own evidence; absent when the checks ended before asking (null: no issuer to ask).
     */
    revocationStatus?: RevocationStatus | null;
  }>;
  /** The attached content (a view into `cms`), null for a detached CMS. */
  content: Uint8Array | null;
}

/** What {@link Verifier.verifyCms} checks. */
export interface VerifyCmsInput {
  cms: Uint8Array;
  /**
   * The original of a detached CMS, whole or in pieces; given, the signature is checked over it rather than any
   * attached content. Pieces are only joined for a signature without signed attributes.
   */
  content?: ContentBytes;
  /**
   * `digestMemo(content)` shared with other verifications over the same `content`, so a large original is hashed
   * once per algorithm however many CMS sign it. Must be the memo of exactly `content`.
   */
  contentDigests?: ContentDigests;
}

/** What {@link Verifier.verifyXml} checks: an XML file with enveloped XMLDSig signatures. */
export interface VerifyXmlInput {
  /** The file's bytes, or the file as already parsed by `outlineXml` (not parsed again). */
  xml: Uint8Array | SignedXml;
}

/** The result of {@link Verifier.verifyXml}: as for CMS, without attached content (the XML is the document). */
export type XmlVerification = Omit<CmsVerification, 'content'>;

/** What {@link Verifier.verify} checks: a signature file, CMS or XML, recognised by its bytes. */
export interface VerifyFileInput {
  file: Uint8Array;
  /** The original of a detached CMS (ignored for XML, which carries what it signs). */
  content?: ContentBytes;
  /** `digestMemo(content)`, see {@link VerifyCmsInput.contentDigests}. */
  contentDigests?: ContentDigests;
}

/** What {@link Verifier.verifyCard} checks: a document card as `outlineCard` read it. */
export interface VerifyCardInput {
  card: CardOutline;
}

/** The result of {@link Verifier.verify}: the CMS result (`content` null for XML) and the format it was read as. */
export interface FileVerification extends CmsVerification {
  format: 'cms' | 'xml';
}

export type { CardVerification, SecuredCms };

/** The signature verification engine: CMS (CAdES-BES as NCALayer makes it) and enveloped XMLDSig. */
export interface Verifier {
  /**
   * Verifies a signature file of either format: XML when its first non-blank byte is `<`, else CMS. Never throws
   * for bad input.
   */
  verify(input: VerifyFileInput): Promise<FileVerification>;
  /**
   * Verifies every SignerInfo of a CMS over `content` (detached) or its own content (attached). Never throws for
   * bad input: a malformed CMS is a TOTAL_FAILED/FORMAT_FAILURE report.
   */
  verifyCms(input: VerifyCmsInput): Promise<CmsVerification>;
  /**
   * Verifies every ds:Signature of an XML file, each over the document it envelops, with the same certificate,
   * chain, revocation and identity checks and the same report as CMS (packaging `enveloped`). Never throws for
   * bad input: malformed XML, a DTD or no signature at all is a TOTAL_FAILED/FORMAT_FAILURE report.
   */
  verifyXml(input: VerifyXmlInput): Promise<XmlVerification>;
  /**
   * Verifies a document card (kaarkz/ddcard, read by `outlineCard`): each signature file as a detached CMS over the
   * card's original, judged on the evidence it carries (timestamp, revocation values) like any CAdES-T/LT
   * signature, then the card specification's checks (`card/card-checks.ts`); a signature that passed with a
   * finding is INDETERMINATE / SIG_CONSTRAINTS_FAILURE. Never throws for bad input.
   */
  verifyCard(input: VerifyCardInput): Promise<CardVerification>;
  /**
   * Renews a kept CMS's proof of existence before its newest TSA certificate ends: verifies it and, when every
   * signature passed, adds an archive-time-stamp-v3 (CAdES-A) from the configured TSA over each signature and its
   * kept evidence. Throws when no TSA is configured or it gives no token that verifies.
   */
  archiveCms(input: VerifyCmsInput): Promise<SecuredCms>;
  /**
   * Verifies a CMS as {@link verifyCms} does and, when every signature passed and a TSA is configured, makes it
   * long-term: a signatureTimeStampToken over each signature value (kept when the signer already stamped), then
   * id-aa-ets-certValues and id-aa-ets-revocationValues with the paths and the CRLs / OCSP answers the signer's
   * and the TSA's certificates were checked with: verifiable offline once the certificates expired and the
   * responders are gone. Throws TimestampUnavailableError when the TSA gave no token that verifies after retries.
   */
  secureCms(input: VerifyCmsInput): Promise<SecuredCms>;
  /** Re-reads the trust folder (CA certificates and CRLs). */
  reload(): Promise<void>;
  /** Files of the trust folder that could not be read at the last (re)load. */
  readonly trustProblems: readonly string[];
}

/** What the report and the checks need from a signing certificate, derived once per certificate. */
interface LeafFacts {
  signer: CertificateSigner;
  certificate: CertificateInfo;
  /** Key usage, extended key usage, not a CA. */
  maySign: boolean;
  /** IIN and BIN (when present) well-formed 12-digit numbers with a matching check digit. */
  identityOk: boolean;
}

/** A judged signature: its report and what the checks used. */
interface Judgement {
  report: SignatureReport;
  validationData: ValidationData;
  /** See `CmsVerification.signers[].revocationStatus`. */
  revocationStatus?: RevocationStatus | null;
}

/** The report of a signature that cannot be read at all. */
function formatFailure(packaging: SignatureReport['packaging']): SignatureReport {
  return {
    indication: 'TOTAL_FAILED',
    subIndication: 'FORMAT_FAILURE',
    signer: UNKNOWN_SIGNER,
    certificate: null,
    signingTime: null,
    signatureType: null,
    packaging,
    revocation: revocationInfo(null),
  };
}

/** The verdict over a list of signature reports. */
function reportOf(reports: SignatureReport[]): VerificationReport {
  return { verdict: overallVerdict(reports.map((r) => r.indication)), signatures: reports };
}

/**
 * The engine: the format readers (`cms-signatures.ts`, `xml-signatures.ts`) turn signatures into subjects; this
 * class judges every subject alike (certificate may sign, chain, validity, revocation) with caches shared across
 * requests.
 */
class SignatureVerifier implements Verifier {
  #store: TrustStore;
  readonly #records = new LruCache<CertificateRecord>(4096);
  readonly #paths = new LruCache<CertificationPath | null>(4096);
  readonly #signatures = new IssuedByCache();
  readonly #leafFacts = new WeakMap<CertificateRecord, LeafFacts>();
  readonly #revocation: RevocationChecker;
  readonly #now: () => Date;

  constructor(
    private readonly config: PkiConfig,
    store: TrustStore,
  ) {
    this.#store = store;
    this.#now = config.now ?? (() => new Date());
    this.#revocation = new RevocationChecker({
      store: () => this.#store,
      offline: config.offline,
      fetch: config.fetch ?? globalThis.fetch,
      now: this.#now,
      timeoutMs: config.ocspTimeoutMs ?? 5000,
      signatures: this.#signatures,
    });
  }

  get trustProblems(): readonly string[] {
    return this.#store.problems;
  }

  async reload(): Promise<void> {
    this.#store = await loadTrustStore(this.config.trustDir);
    this.#paths.clear();
  }

  async verifyCms(input: VerifyCmsInput): Promise<CmsVerification> {
    let cms: ParsedCms;
    try {
      cms = parseCms(input.cms);
      if (cms.signers.length === 0) throw new FormatError('CMS without SignerInfo');
    } catch {
      const report = formatFailure(input.content === undefined ? 'attached' : 'detached');
      return { report: reportOf([report]), signers: [], content: null };
    }
    const content = input.content ?? cms.content;
    // The caller's memo only describes the content it gave; an attached content is hashed here.
    const hashOf = input.content !== undefined && input.contentDigests ? input.contentDigests : undefined;
    const signed: SignedContent | null =
      content === null ? null : { bytes: content, hashOf: hashOf ?? digestMemo(content) };
    const { report, signers } = await this.#judgeAll(
      cmsSubjects(cms, signed, this.#readCertificate, input.cms),
    );
    return { report, signers, content: cms.content };
  }

  secureCms(input: VerifyCmsInput): Promise<SecuredCms> {
    return secureCms((next) => this.verifyCms(next), this.config.timestamping, input);
  }

  archiveCms(input: VerifyCmsInput): Promise<SecuredCms> {
    const tsa = this.config.timestamping;
    if (tsa === undefined) throw new Error('archiveCms needs a TSA (PkiConfig.timestamping)');
    return addArchiveTimestamps((next) => this.verifyCms(next), tsa, input);
  }

  async verifyXml(input: VerifyXmlInput): Promise<XmlVerification> {
    const signed = signedXmlOf(input.xml, { maxBytes: this.config.xmlMaxBytes });
    if (signed === null) return { report: reportOf([formatFailure('enveloped')]), signers: [] };
    return this.#judgeAll(xmlSubjects(signed, this.#readCertificate));
  }

  verifyCard(input: VerifyCardInput): Promise<CardVerification> {
    return verifyCard((next) => this.verifyCms(next), this.#readCertificate, input.card);
  }

  async verify(input: VerifyFileInput): Promise<FileVerification> {
    if (looksLikeXml(input.file)) {
      return { ...(await this.verifyXml({ xml: input.file })), content: null, format: 'xml' };
    }
    const { file, ...rest } = input;
    return { ...(await this.verifyCms({ cms: file, ...rest })), format: 'cms' };
  }

  /** Reports of every subject in order (a null subject could not be read: FORMAT_FAILURE), and the found signers. */
  async #judgeAll(subjects: Array<SignatureSubject | null>): Promise<XmlVerification> {
    const signers: XmlVerification['signers'] = [];
    const reports: SignatureReport[] = [];
    for (const subject of subjects) {
      if (subject === null) {
        reports.push(formatFailure('enveloped'));
        continue;
      }
      const { report, validationData, revocationStatus } = await this.#judge(subject);
      reports.push(report);
      if (subject.leaf) {
        signers.push({
          report,
          certificateDer: subject.leaf.der,
          validationData,
          ...(revocationStatus !== undefined ? { revocationStatus } : {}),
        });
      }
    }
    return { report: reportOf(reports), signers };
  }

  /** The parsed certificate, from the cache when seen before; null for one that does not parse. */
  readonly #readCertificate: CertificateReader = (der) => {
    const id = sha256Hex(der);
    let record = this.#records.get(id);
    if (record === undefined) {
      try {
        // A copy, so the cache does not keep the whole CMS it came in alive.
        record = parseCertificate(der.slice());
      } catch {
        return null;
      }
      this.#records.set(id, record);
    }
    return record;
  };

  /** {@link #judge} for the timestamp checks (`long-term/timestamp-checks.ts`), which judge each token's TSA. */
  readonly #judgeSubject: JudgeSubject = (subject, at) => this.#judge(subject, at);

  /**
   * One signature's report, whatever its format: the format's own checks (`check`), then the certificate's:
   * allowed to sign (key usage, KZ identity), chain to the trust store, validity, CA and leaf revocation. A verified
   * timestamp is the best signature time: validity is checked at it, and a revocation after it does not count.
   * `at` (a later archive timestamp's time) replaces "now" for the path: proof that the subject existed then.
   */
  async #judge(subject: SignatureSubject, at: Date | null = null): Promise<Judgement> {
    const { leaf } = subject;
    let signingTime: Date | null = null;
    let revocation: RevocationStatus | null = null;
    let asked = false;
    let timestamp: SignatureTimestamp | null = null;
    let archive: SignatureTimestamp[] = [];
    let sub: EtsiSubIndication | null = null;
    let used = emptyValidationData();
    try {
      if (leaf === null) fail('NO_SIGNING_CERTIFICATE_FOUND');
      signingTime = subject.signingTime();
      subject.check(leaf);
      if (!this.#mayAct(leaf, subject.purpose ?? 'sign')) fail('SIG_CONSTRAINTS_FAILURE');
      if (subject.purpose !== 'timestamp' && !this.#facts(leaf).identityOk) fail('SIGNER_IDENTITY_MALFORMED');
      const kept = subject.validationData?.() ?? null;
      const archived = await judgeArchiveTimestamps(this.#judgeSubject, subject, kept, at);
      archive = archived.reports;
      used = mergeValidationData(used, archived.validationData);
      const token = subject.timestamp?.() ?? null;
      const stamp =
        token && (await judgeTimestampToken(this.#judgeSubject, token, kept, archived.provenAt ?? at));
      timestamp = stamp?.timestamp ?? null;
      if (stamp) used = mergeValidationData(used, stamp.validationData);
      const proven =
        timestamp?.indication === 'TOTAL_PASSED' ? new Date(timestamp.time) : (archived.provenAt ?? null);
      // A TSA's token proves its own genTime: the time its certificate's status is asked for.
      const poe = proven ?? (subject.purpose === 'timestamp' ? signingTime : null);
      const pool = kept
        ? [...subject.pool, ...readCertificates(kept.certificates, this.#readCertificate)]
        : subject.pool;
      const path = this.#path(leaf, pool);
      if (path === null) fail('NO_CERTIFICATE_CHAIN_FOUND');
      used = mergeValidationData(used, { certificates: path.map((c) => c.der), crls: [], ocsp: [] });
      this.#checkValidity(path, proven ?? signingTime, proven !== null, at);
      const evidence = kept && poe ? { data: kept, at: poe } : null;
      used = mergeValidationData(used, this.#checkCaRevocation(path, evidence, poe));
      revocation = await this.#leafRevocation(path, evidence);
      asked = true;
      used = mergeValidationData(used, evidenceData(revocation));
      const provenBefore = proven ?? at;
      const revokedAfterProof =
        provenBefore !== null && revocation?.revokedAt != null && revocation.revokedAt > provenBefore;
      if (revocation?.status === 'revoked' && !revokedAfterProof) fail('REVOKED');
      if (revocation?.status === 'unknown') fail('TRY_LATER');
    } catch (error) {
      if (error instanceof Verdict) sub = error.subIndication;
      else if (error instanceof UnsupportedAlgorithmError) sub = 'CRYPTO_CONSTRAINTS_FAILURE';
      else if (error instanceof FormatError) sub = 'FORMAT_FAILURE';
      else throw error;
    }
    const facts = leaf ? this.#facts(leaf) : null;
    const report: SignatureReport = {
      indication: indicationOf(sub),
      subIndication: sub,
      // Copies: reports go to callers, the cached facts stay as they are.
      signer: facts ? { ...facts.signer, roles: [...facts.signer.roles] } : UNKNOWN_SIGNER,
      certificate: facts ? { ...facts.certificate } : null,
      signingTime: signingTime?.toISOString() ?? null,
      signatureType: leaf
        ? (signatureFamily(leaf.cert.subjectPublicKeyInfo.algorithm.algorithmId) ?? subject.algorithmType)
        : subject.algorithmType,
      packaging: subject.packaging,
      revocation: revocationInfo(revocation),
      ...(facts ? { capacity: signingCapacity(facts.signer) } : {}),
      ...(timestamp ? { timestamp } : {}),
      ...(archive.length > 0 ? { archiveTimestamps: archive } : {}),
    };
    return { report, validationData: used, ...(asked ? { revocationStatus: revocation } : {}) };
  }

  /** Whether the certificate may act for `purpose`: sign documents or issue timestamps. */
  #mayAct(leaf: CertificateRecord, purpose: 'sign' | 'timestamp'): boolean {
    return purpose === 'timestamp' ? isTimestampingCertificate(leaf) : this.#facts(leaf).maySign;
  }

  #facts(leaf: CertificateRecord): LeafFacts {
    let facts = this.#leafFacts.get(leaf);
    if (facts === undefined) {
      const signer = kzSigner(leaf);
      const options = { testMode: this.config.acceptTestIdentities === true };
      const { iin, bin } = signer;
      const identityOk =
        (iin === null || isValidIin(iin, options)) && (bin === null || isValidBin(bin, options));
      facts = {
        signer,
        certificate: certificateInfo(leaf),
        maySign: isSigningCertificate(leaf),
        identityOk,
      };
      this.#leafFacts.set(leaf, facts);
    }
    return facts;
  }

  #path(leaf: CertificateRecord, pool: CertificateRecord[]): CertificationPath | null {
    const key = `${leaf.id}|${pool.map((r) => r.id).join(',')}`;
    let path = this.#paths.get(key);
    if (path === undefined) {
      path = buildPath(leaf, pool, this.#store, this.#signatures);
      this.#paths.set(key, path);
    }
    return path;
  }

  /**
   * The signing certificate at `signingTime`, and the whole path now; with `proven` (a verified timestamp is proof
   * the signature existed at `signingTime`) the path is checked at that time instead, so expiry after it is no
   * failure.
   */
  #checkValidity(path: CertificationPath, signingTime: Date | null, proven: boolean, at: Date | null): void {
    const [leaf] = path;
    if (leaf && signingTime) {
      if (signingTime > leaf.notAfter) fail('EXPIRED');
      if (signingTime < leaf.notBefore) fail('NOT_YET_VALID');
    }
    const now = proven && signingTime ? signingTime : (at ?? this.#now());
    for (const cert of path) {
      if (now < cert.notBefore) fail('NOT_YET_VALID');
      // A claimed signingTime is no proof of existence, so an expired certificate leaves the signature open.
      if (now > cert.notAfter) fail('OUT_OF_BOUNDS_NO_POE');
    }
  }

  /**
   * The CA certificates' status, from the trust folder's CRLs (no network per CA) or, for a signature with kept
   * evidence, from that evidence as of its proven time; a CA revoked after `poe` (the proven time) is no failure.
   * Returns the CRLs / OCSP answers used, to keep beside the signature so the whole path verifies offline.
   */
  #checkCaRevocation(path: CertificationPath, kept: KeptEvidence | null, poe: Date | null): ValidationData {
    let used = emptyValidationData();
    for (const [ca, caIssuer] of this.#caIssuerPairs(path)) {
      const status =
        (kept ? keptRevocation(this.#revocation, ca, caIssuer, kept) : null) ??
        this.#revocation.local(ca, caIssuer);
      const revokedAfterProof = poe !== null && status?.revokedAt != null && status.revokedAt > poe;
      if (status?.status === 'revoked' && !revokedAfterProof) fail('REVOKED_CA_NO_POE');
      used = mergeValidationData(used, evidenceData(status));
    }
    return used;
  }

  /**
   * Each CA of the path with its issuer: the intermediates, and the trusted CA the path ends at when it is an
   * issuing CA whose root is in the trust folder too (as NCA RK's folders hold both), so its revocation counts.
   */
  #caIssuerPairs(path: CertificationPath): Array<[CertificateRecord, CertificateRecord]> {
    const pairs: Array<[CertificateRecord, CertificateRecord]> = [];
    for (let i = 1; i + 1 < path.length; i += 1) {
      const ca = path[i];
      const caIssuer = path[i + 1];
      if (ca && caIssuer) pairs.push([ca, caIssuer]);
    }
    const top = path[path.length - 1];
    if (path.length > 1 && top && top.issuerKey !== top.subjectKey) {
      const root = this.#store.bySubject
        .get(top.issuerKey)
        ?.find((anchor) => anchor.id !== top.id && this.#signatures.issuedBy(top, anchor));
      if (root) pairs.push([top, root]);
    }
    return pairs;
  }

  /**
   * The signing certificate's status: a revocation the trust folder knows, else what the signature's kept
   * validation data says as of its proven time, else asked now (OCSP, CRL).
   */
  async #leafRevocation(
    path: CertificationPath,
    kept: KeptEvidence | null,
  ): Promise<RevocationStatus | null> {
    const [leaf, issuer] = path;
    // A certificate trusted directly (in the trust folder itself) has no issuer to ask.
    if (leaf === undefined || issuer === undefined) return null;
    const fromKept = kept ? keptRevocation(this.#revocation, leaf, issuer, kept) : null;
    if (fromKept) return fromKept;
    return this.#revocation.check(leaf, issuer);
  }
}

/** Creates a verifier over the trust folder of `config` (read once now; call `reload` after changes). */
export async function createVerifier(config: PkiConfig): Promise<Verifier> {
  return new SignatureVerifier(config, await loadTrustStore(config.trustDir));
}

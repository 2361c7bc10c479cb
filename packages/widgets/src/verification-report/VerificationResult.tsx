import { mdiAlertCircle, mdiCheckCircle, mdiCloseCircle } from '@mdi/js';
import {
  CARD_FINDING_TEXTS,
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  type EtsiIndication,
  type Lang,
  OVERALL_VERDICT_TEXTS,
  type VerificationResult as Result,
  SIGNATURE_PACKAGING_TEXTS,
  SIGNATURE_TYPE_TEXTS,
  SIGNING_CAPACITY_TEXTS,
  type SignatureTimestamp,
  signingCapacity,
  signingCapacityText,
  type VerifiedCard,
  type VerifiedDocument,
  type VerifiedFile,
  type VerifiedSignature,
} from '@qoltanba/core';
import { errorTextOf } from '@qoltanba/sdk';
import { Fragment, type JSX, useId, useState } from 'react';
import { refusedBox } from '../document-form/DocumentForm.css';
import {
  button,
  flush,
  formatDate,
  formatDateTime,
  formatFileSize,
  muted,
  plainList,
  sectionHeading,
  widgetRoot,
} from '../documents-common';
import { useLang } from '../documents-common/lang';
import { heading } from '../form';
import { Icon } from '../icon';
import { verificationReportT } from './texts';
import { card, facts, signatureItem, term, value, verdict, verdictIcon } from './VerificationReport.css';

/** Props of {@link VerificationResult}. */
export interface VerificationResultProps {
  /** The answer of `verifySignatures` or `verifyStoredFile`. */
  result: Result;
  /** The level of the widget's heading (its sections take the next ones); 2 by default. */
  headingLevel?: 2 | 3;
  /**
   * Shows a "Download report (PDF)" button that calls this (e.g. the sdk's `verificationReportPdf` and saving the
   * Blob). The button is busy until the promise settles; a rejection shows the error catalogue's text.
   */
  onDownloadReport?: () => Promise<unknown>;
  className?: string;
}

type ReportState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; failure: unknown };

/** The "Download report (PDF)" button: busy while the report is made, then the failure in words if any. */
function ReportButton({ download, lang }: { download: () => Promise<unknown>; lang: Lang }): JSX.Element {
  const t = verificationReportT(lang);
  const [state, setState] = useState<ReportState>({ kind: 'idle' });
  const busy = state.kind === 'busy';
  const start = (): void => {
    if (busy) return;
    setState({ kind: 'busy' });
    download().then(
      () => setState({ kind: 'idle' }),
      (failure: unknown) => setState({ kind: 'failed', failure }),
    );
  };
  return (
    <div>
      <button
        type="button"
        className={button.secondary}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        onClick={start}
      >
        {busy ? t('preparingReport') : t('downloadReport')}
      </button>
      {state.kind === 'failed' ? (
        <p role="alert" className={refusedBox}>
          {errorTextOf(state.failure, lang)}
        </p>
      ) : null}
    </div>
  );
}

const VERDICT_ICONS: Record<EtsiIndication, string> = {
  TOTAL_PASSED: mdiCheckCircle,
  INDETERMINATE: mdiAlertCircle,
  TOTAL_FAILED: mdiCloseCircle,
};

/** The rows of one signature's facts, the empty ones left out. */
function signatureFacts(signature: VerifiedSignature, lang: Lang): Array<[string, string]> {
  const t = verificationReportT(lang);
  const { signer, certificate } = signature;
  // Reports stored before the capacity was reported have none: core's rule tells it from the signer.
  const capacity = signature.capacity ?? signingCapacity(signer);
  const rows: Array<[string, string | null]> = [
    [t('iin'), signer.iin],
    [t('bin'), signer.bin],
    [t('organisation'), signer.organisation],
    [t('role'), signingCapacityText(capacity, lang)],
    [
      t('companyAuthority'),
      capacity.maySignForCompany === false ? SIGNING_CAPACITY_TEXTS.noCompanyAuthority[lang] : null,
    ],
    [
      t('expectedIdentity'),
      signature.expectedIdentity && !signature.expectedIdentity.matches
        ? t('identityMismatch', { expected: signature.expectedIdentity.identityNumber })
        : null,
    ],
    [t('serial'), certificate?.serial ?? null],
    [
      t('validity'),
      certificate
        ? t('validityRange', {
            from: formatDate(certificate.notBefore, lang),
            to: formatDate(certificate.notAfter, lang),
          })
        : null,
    ],
    [t('issuer'), certificate?.issuer ?? null],
    [t('signingTime'), signature.signingTime ? formatDateTime(signature.signingTime, lang) : t('notStated')],
    [t('timestamp'), signature.timestamp ? timestampText(signature.timestamp, lang) : null],
    [
      t('archiveTimestamps'),
      signature.archiveTimestamps?.length
        ? signature.archiveTimestamps.map((stamp) => timestampText(stamp, lang)).join('; ')
        : null,
    ],
    [
      t('signatureType'),
      [
        signature.signatureType ? SIGNATURE_TYPE_TEXTS[signature.signatureType][lang] : null,
        SIGNATURE_PACKAGING_TEXTS[signature.packaging][lang],
      ]
        .filter(Boolean)
        .join(', '),
    ],
    [
      t('signedHere'),
      signature.signedHere && signature.signedAt ? formatDateTime(signature.signedAt, lang) : null,
    ],
    [t('ip'), signature.signedHere ? signature.ip : null],
    [
      t('cardChecks'),
      signature.card
        ? signature.card.findings.map((finding) => CARD_FINDING_TEXTS[finding][lang]).join('; ') ||
          t('cardChecksMet')
        : null,
    ],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** A signature timestamp: its time and TSA when it verified; a failed one is said to be ignored. */
function timestampText(timestamp: SignatureTimestamp, lang: Lang): string {
  const t = verificationReportT(lang);
  const time = formatDateTime(timestamp.time, lang);
  if (timestamp.indication !== 'TOTAL_PASSED') return t('timestampFailed', { time });
  return t('timestampVerified', { time, tsa: timestamp.tsa ?? '?' });
}

/** A file a card carries: name, size and SHA-256 (the same in every language: not in the budgeted texts). */
function cardFileText(file: VerifiedFile | undefined, lang: Lang): string {
  return file ? `${file.name} (${formatFileSize(file.size ?? 0, lang)}), SHA-256 ${file.sha256}` : '?';
}

/**
 * A document card's structure: the card file, its verdict, the original it carries and its signature files (the
 * signatures themselves are listed with the others, each with the card's requirements).
 */
function CardSummary({
  card,
  files,
  lang,
}: {
  card: VerifiedCard;
  files: readonly VerifiedFile[];
  lang: Lang;
}) {
  const t = verificationReportT(lang);
  const title = t('cardTitle', { name: files[card.file]?.name ?? '' });
  const rows: Array<[string, string[]]> = [
    [t('cardOriginal'), [cardFileText(files[card.original], lang)]],
    [t('cardSignatureFiles'), card.signatureFiles.map((index) => cardFileText(files[index], lang))],
  ];
  return (
    <section aria-label={title}>
      <p className={verdict[card.verdict]}>
        <Indication
          indication={card.verdict}
          text={`${title}: ${OVERALL_VERDICT_TEXTS[card.verdict][lang]}`}
        />
      </p>
      <dl className={facts}>
        {rows.map(([name, lines]) => (
          <Fragment key={name}>
            <dt className={term}>{name}</dt>
            {lines.map((line) => (
              <dd key={line} className={value}>
                {line}
              </dd>
            ))}
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** An indication with its icon: the words carry the meaning, the colour and icon repeat it. */
function Indication({ indication, text }: { indication: EtsiIndication; text: string }): JSX.Element {
  return (
    <>
      <Icon path={VERDICT_ICONS[indication]} className={verdictIcon[indication]} size={24} />
      <span>{text}</span>
    </>
  );
}

/** The signatures of one document signed here (or of none: `document` undefined). */
interface DocumentGroup {
  document: VerifiedDocument | undefined;
  signatures: VerifiedSignature[];
}

/**
 * The signatures grouped by the document signed here they belong to, so a file shared by two documents reads as
 * two documents; one group when the result names at most one document.
 */
function documentGroups(result: Result): DocumentGroup[] {
  const documents = result.documents ?? (result.document ? [result.document] : []);
  if (documents.length <= 1) return [{ document: documents[0], signatures: result.signatures }];
  const groups: DocumentGroup[] = documents.map((document) => ({ document, signatures: [] }));
  const other: DocumentGroup = { document: undefined, signatures: [] };
  for (const signature of result.signatures) {
    const index = signature.document;
    (index != null ? (groups[index] ?? other) : other).signatures.push(signature);
  }
  return other.signatures.length > 0 ? [...groups, other] : groups;
}

/**
 * A verification report: the overall verdict (announced to screen readers when it appears), the document signed
 * here when known, then per signature the ETSI indication and sub-indication in words, the signer (IIN, BIN, name,
 * organisation, role), the certificate (serial, validity, issuer), the signing time, the signature type and
 * packaging, and for signatures made here when and from which IP address; for a document card among the files,
 * its original (name, size, SHA-256), its signature files and each signature's card requirements; with
 * `onDownloadReport`, a button for the report as PDF. Texts follow the sdk's `$locale`.
 *
 * @example <VerificationResult result={await verifySignatures(files)} />
 */
export function VerificationResult({
  result,
  headingLevel = 2,
  onDownloadReport,
  className,
}: VerificationResultProps): JSX.Element {
  const lang = useLang();
  const t = verificationReportT(lang);
  const titleId = useId();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const Section = headingLevel === 2 ? 'h3' : 'h4';
  const Item = headingLevel === 2 ? 'h4' : 'h5';
  const classes = [widgetRoot, card, className].filter(Boolean).join(' ');
  const groups = documentGroups(result);
  return (
    <section className={classes} aria-labelledby={titleId}>
      <Title id={titleId} className={heading}>
        {t('title')}
      </Title>
      <p role="status" aria-live="polite" className={verdict[result.verdict]}>
        <Indication indication={result.verdict} text={OVERALL_VERDICT_TEXTS[result.verdict][lang]} />
      </p>
      {groups.length === 1 && groups[0]?.document ? (
        <p className={flush}>
          {t('document', { number: groups[0].document.number, name: groups[0].document.name })}
        </p>
      ) : null}
      {onDownloadReport ? <ReportButton download={onDownloadReport} lang={lang} /> : null}
      {(result.cards ?? []).map((card) => (
        <CardSummary key={card.file} card={card} files={result.files} lang={lang} />
      ))}
      {groups.map((group) => (
        <Fragment key={group.document?.id ?? 0}>
          <Section className={sectionHeading}>
            {groups.length > 1 && group.document
              ? `${t('document', { number: group.document.number, name: group.document.name })} — `
              : null}
            {t('signatures')} <span className={muted}>({group.signatures.length})</span>
          </Section>
          <ol className={plainList}>
            {group.signatures.map((signature, index) => (
              // Signatures have no id of their own; the order is the server's and does not change.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className={signatureItem}>
                <Item className={sectionHeading}>
                  {signature.signer.fullName ?? signature.signer.organisation ?? t('unnamedSigner')}
                </Item>
                <p className={verdict[signature.indication]}>
                  <Indication
                    indication={signature.indication}
                    text={
                      signature.subIndication
                        ? `${ETSI_INDICATION_TEXTS[signature.indication][lang]}: ${ETSI_SUB_INDICATION_TEXTS[signature.subIndication][lang]}`
                        : ETSI_INDICATION_TEXTS[signature.indication][lang]
                    }
                  />
                </p>
                <dl className={facts}>
                  {signatureFacts(signature, lang).map(([name, text]) => (
                    <Fragment key={name}>
                      <dt className={term}>{name}</dt>
                      <dd className={value}>{text}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            ))}
          </ol>
        </Fragment>
      ))}
    </section>
  );
}

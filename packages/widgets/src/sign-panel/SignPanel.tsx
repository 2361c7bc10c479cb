import { mdiLoading } from '@mdi/js';
import { useStore } from '@nanostores/react';
import type { SigningConfig } from '@qoltanba/core';
import { $signingConfig, type SigningProgress } from '@qoltanba/sdk';
import { type JSX, useId, useState } from 'react';
import { button, sectionHeading, spinner, widgetRoot } from '../documents-common';
import { useLang } from '../documents-common/lang';
import { Icon } from '../icon';
import { type QrSigningActions, QrSigningDialog } from '../qr-signing-dialog/QrSigningDialog';
import { SigningFailure, signingT, TestSignerBadge } from '../signing-common';
import { buttonRow, panelRoot, statusLine } from '../signing-common/signing.css';

/** What the panel calls; the portal binds them to a document store or a personal link. */
export interface SignPanelActions extends QrSigningActions {
  /** Signs every file with NCALayer (sdk `documentStore(id).sign` or `signByLink`). */
  signWithNcaLayer(onProgress: (progress: SigningProgress) => void): Promise<'signed' | 'cancelled'>;
}

/** Props of {@link SignPanel}. */
export interface SignPanelProps {
  actions: SignPanelActions;
  /** Number of files to sign, shown to the signer. */
  fileCount: number;
  /** Called once the document is signed (by either way). */
  onSigned?: () => void;
  /** Offer eGov mobile QR signing (default true). */
  qr?: boolean;
  /** The signing config (its test signer shows a badge); `$signingConfig` by default. */
  signingConfig?: SigningConfig;
  /** Where a failure's explanation is (the portal's help page on NCALayer); no link when absent. */
  helpHref?: string;
  /** Where an eGov mobile failure's explanation is (the help page on eGov mobile); no link when absent. */
  qrHelpHref?: string;
  className?: string;
}

type Run =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: SigningProgress | undefined }
  | { kind: 'done'; outcome: 'signed' | 'cancelled' }
  | { kind: 'failed'; error: unknown };

function progressText(progress: SigningProgress | undefined, t: ReturnType<typeof signingT>): string {
  if (!progress || progress.phase === 'signing') return t('progress.signing');
  if (progress.phase === 'sending') return t('progress.sending');
  return t('progress.downloading', { done: progress.done + 1, total: progress.total });
}

/**
 * Signing a document: with an EDS through NCALayer (progress while several files are prepared and signed,
 * errors such as "The signing program is not running" in the user's language) or with eGov mobile through
 * a QR dialog. A development server's test signer is marked plainly. Status changes are announced politely.
 *
 * @example <SignPanel actions={actions} fileCount={document.files.length} onSigned={reload} />
 */
export function SignPanel({
  actions,
  fileCount,
  onSigned,
  qr = true,
  signingConfig,
  helpHref,
  qrHelpHref,
  className,
}: SignPanelProps): JSX.Element {
  const lang = useLang();
  const storeConfig = useStore($signingConfig);
  const config = signingConfig ?? storeConfig;
  const t = signingT(lang);
  const id = useId();
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [qrOpen, setQrOpen] = useState(false);
  const busy = run.kind === 'busy';

  const signWithNcaLayer = (): void => {
    if (busy) return;
    setRun({ kind: 'busy', progress: undefined });
    actions
      .signWithNcaLayer((progress) => setRun({ kind: 'busy', progress }))
      .then(
        (outcome) => {
          setRun({ kind: 'done', outcome });
          if (outcome === 'signed') onSigned?.();
        },
        (error: unknown) => setRun({ kind: 'failed', error }),
      );
  };

  const status =
    run.kind === 'busy'
      ? progressText(run.progress, t)
      : run.kind === 'done'
        ? t(`progress.${run.outcome}`)
        : '';

  return (
    <section
      className={[widgetRoot, panelRoot, className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={sectionHeading}>
        {t('heading')}
      </h2>
      <TestSignerBadge testSigner={config.testSigner} lang={lang} />
      <p className={statusLine}>{t('files', { count: fileCount })}</p>
      <div className={buttonRow}>
        <button
          type="button"
          className={button.primary}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          onClick={signWithNcaLayer}
        >
          {busy ? <Icon path={mdiLoading} className={spinner} /> : null}
          {t('withNcaLayer')}
        </button>
        {qr ? (
          <button
            type="button"
            className={button.secondary}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) setQrOpen(true);
            }}
          >
            {t('withQr')}
          </button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className={statusLine}>
        {status}
      </p>
      {run.kind === 'failed' ? <SigningFailure error={run.error} helpHref={helpHref} /> : null}
      {qrOpen ? (
        <QrSigningDialog
          actions={actions}
          helpHref={qrHelpHref}
          onClose={() => setQrOpen(false)}
          onSigned={() => {
            setRun({ kind: 'done', outcome: 'signed' });
            onSigned?.();
          }}
        />
      ) : null}
    </section>
  );
}

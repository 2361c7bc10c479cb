import { mdiClose } from '@mdi/js';
import type { ErrorCode, VerificationResult as Result } from '@qoltanba/core';
import { errorTextOf, verifySignatures } from '@qoltanba/sdk';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { bar, barFill, refusedBox } from '../document-form/DocumentForm.css';
import { DropZone } from '../document-form/DropZone';
import {
  breakAnywhere,
  button,
  codeOfFailure,
  codeText,
  formatFileSize,
  iconButton,
  muted,
  plainList,
  widgetRoot,
} from '../documents-common';
import { useLang } from '../documents-common/lang';
import { Icon } from '../icon';
import { verificationReportT } from './texts';
import { fileRow, zone } from './VerificationReport.css';
import { VerificationResult } from './VerificationResult';
import { verifyFilesProblem } from './verify-files';

/** The sdk call {@link VerifyDropzone} makes; stories and tests may pass a fake. */
export interface VerifyDropzoneActions {
  verifySignatures: typeof verifySignatures;
}

/** Props of {@link VerifyDropzone}. */
export interface VerifyDropzoneProps {
  /** Replaces the sdk call (defaults to the sdk's `verifySignatures`). */
  actions?: Partial<VerifyDropzoneActions>;
  /** Called with each verification's result. */
  onResult?: (result: Result) => void;
  /**
   * Shows the result's "Download report (PDF)" button, which calls this with the files just checked (they are
   * sent again: nothing is kept of a check), e.g. the sdk's `verificationReportPdf` and saving the Blob.
   */
  onDownloadReport?: (files: File[]) => Promise<unknown>;
  /** Called when a verification fails (the code is also shown). */
  onError?: (code: ErrorCode, message: string) => void;
  className?: string;
}

type Phase =
  | { kind: 'choosing' }
  | { kind: 'sending'; progress: number[] }
  | { kind: 'failed'; error: unknown }
  | { kind: 'done'; result: Result; files: File[] };

/**
 * Public signature verification: choose or drop up to 10 PDF and CMS files (30 MB in total), see them with their
 * sizes, send them with per-file progress, then read the {@link VerificationResult}. Too many files, too large a
 * total and a wrong extension are caught before sending, with the error catalogue's texts.
 *
 * @example <VerifyDropzone onResult={(result) => track(result.verdict)} />
 */
export function VerifyDropzone({
  actions,
  onResult,
  onError,
  onDownloadReport,
  className,
}: VerifyDropzoneProps): JSX.Element {
  const verify = actions?.verifySignatures ?? verifySignatures;
  const lang = useLang();
  const t = verificationReportT(lang);
  const id = useId();
  const abortRef = useRef<AbortController | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });
  const sending = phase.kind === 'sending';
  const problem = verifyFilesProblem(files);

  useEffect(() => () => abortRef.current?.abort(), []);

  const take = (picked: File[]): void => {
    if (sending || picked.length === 0) return;
    // Any file may be the original of a detached CMS (DOCX, ODT, ...); only empty files are left out here.
    setRefused(picked.filter((file) => file.size === 0).map((file) => file.name));
    const accepted = picked.filter((file) => file.size > 0);
    if (accepted.length > 0) {
      setFiles((current) => [...current, ...accepted]);
      setPhase({ kind: 'choosing' });
    }
  };

  const check = async (): Promise<void> => {
    if (sending || files.length === 0 || problem) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: 'sending', progress: files.map(() => 0) });
    try {
      const result = await verify(files, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ kind: 'sending', progress }),
      });
      if (controller.signal.aborted) return;
      setPhase({ kind: 'done', result, files });
      onResult?.(result);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setPhase({ kind: 'failed', error: failure });
      onError?.(codeOfFailure(failure), errorTextOf(failure, lang));
    }
  };

  const total = files.reduce((sum, file) => sum + file.size, 0);
  const classes = [widgetRoot, zone, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <DropZone
        onFiles={take}
        disabled={sending}
        texts={{ drop: t('drop'), choose: t('choose'), formats: t('formats') }}
      />

      {refused.length > 0 ? (
        <div role="alert" className={refusedBox}>
          <ul className={plainList}>
            {refused.map((name) => (
              <li key={name}>
                <span className={breakAnywhere}>{name}</span> — {codeText('UNSUPPORTED_FILE_FORMAT', lang)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {files.length > 0 ? (
        <div>
          <p id={`${id}-files`} className={muted}>
            {t('files')} · {t('total', { size: formatFileSize(total, lang) })}
          </p>
          <ul className={plainList} aria-labelledby={`${id}-files`}>
            {files.map((file, index) => {
              const progress = phase.kind === 'sending' ? (phase.progress[index] ?? 0) : undefined;
              return (
                // Files have no id; the list only grows at its end or loses an item by its remove button.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={`${index}-${file.name}`}>
                  <div className={fileRow}>
                    <span className={breakAnywhere}>
                      {file.name} <span className={muted}>{formatFileSize(file.size, lang)}</span>
                    </span>
                    {sending ? null : (
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={t('removeFile', { name: file.name })}
                        title={t('removeFile', { name: file.name })}
                        onClick={() => {
                          setFiles((current) => current.filter((_, i) => i !== index));
                          setPhase({ kind: 'choosing' });
                        }}
                      >
                        <Icon path={mdiClose} />
                      </button>
                    )}
                  </div>
                  {progress !== undefined ? (
                    <div
                      role="progressbar"
                      className={bar}
                      aria-label={t('uploading', { name: file.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(progress * 100)}
                    >
                      <div className={barFill} style={{ width: `${progress * 100}%` }} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {problem ? (
        <p role="alert" className={refusedBox}>
          {codeText(problem, lang)}
        </p>
      ) : null}
      {phase.kind === 'failed' ? (
        <p role="alert" className={refusedBox}>
          {errorTextOf(phase.error, lang)}
        </p>
      ) : null}

      {files.length > 0 ? (
        <div>
          <button
            type="button"
            className={button.primary}
            aria-busy={sending || undefined}
            aria-disabled={sending || Boolean(problem) || undefined}
            onClick={() => void check()}
          >
            {sending ? t('checking') : t('check')}
          </button>{' '}
          {sending ? null : (
            <button
              type="button"
              className={button.quiet}
              onClick={() => {
                setFiles([]);
                setRefused([]);
                setPhase({ kind: 'choosing' });
              }}
            >
              {t('clear')}
            </button>
          )}
        </div>
      ) : null}
      <span role="status" className={muted}>
        {phase.kind === 'done' ? t('done') : ''}
      </span>
      {phase.kind === 'done' ? (
        <VerificationResult
          result={phase.result}
          {...(onDownloadReport ? { onDownloadReport: () => onDownloadReport(phase.files) } : {})}
        />
      ) : null}
    </div>
  );
}

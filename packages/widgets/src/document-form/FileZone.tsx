import { mdiCheckCircleOutline, mdiClose, mdiRefresh } from '@mdi/js';
import type { ErrorCode, Lang } from '@qoltanba/core';
import { type JSX, useState } from 'react';
import {
  breakAnywhere,
  button,
  codeText,
  formatFileSize,
  iconButton,
  muted,
  plainList,
} from '../documents-common';
import { Icon } from '../icon';
import {
  bar,
  barFill,
  fileError,
  fileItem,
  fileLine,
  fileName,
  fileSection,
  refusedBox,
  uploadedMark,
} from './DocumentForm.css';
import { DropZone } from './DropZone';
import { documentFormT } from './texts';
import { ACCEPTED_FILE_TYPES, checkPickedFiles, type RefusedFile, type UploadItem } from './upload-model';

/** Props of {@link FileZone}. */
export interface FileZoneProps {
  lang: Lang;
  files: readonly UploadItem[];
  onAddFiles: (files: File[]) => void;
  onCancelUpload?: (key: string) => void;
  onRemoveFile?: (key: string) => void;
  onRetryUpload?: (key: string) => void;
  /** A files-level problem from a submit (DOCUMENT_WITHOUT_FILE, FILES_STILL_UPLOADING, ...). */
  problem?: ErrorCode;
  disabled: boolean;
}

/**
 * The files of the form: a drop zone with a "choose files" button (the keyboard's way in), client checks of
 * format, size and count, and the list of uploads with progress bars and cancel / remove / retry per file.
 */
export function FileZone(props: FileZoneProps): JSX.Element {
  const { lang, files, disabled } = props;
  const t = documentFormT(lang);
  const [refused, setRefused] = useState<RefusedFile[]>([]);

  const take = (picked: File[]): void => {
    if (disabled || picked.length === 0) return;
    const kept = files.filter((file) => file.state.status !== 'failed').length;
    const { accepted, refused: refusedNow } = checkPickedFiles(picked, kept);
    setRefused(refusedNow);
    if (accepted.length > 0) props.onAddFiles(accepted);
  };

  return (
    <div className={fileSection}>
      <DropZone
        onFiles={take}
        disabled={disabled}
        accept={ACCEPTED_FILE_TYPES}
        texts={{ drop: t('drop'), choose: t('choose'), formats: t('formats') }}
      />

      {refused.length > 0 ? (
        <div role="alert" className={refusedBox}>
          <ul className={plainList}>
            {refused.map((file) => (
              <li key={file.name}>
                <span className={breakAnywhere}>{t('refused', { name: file.name })}</span> —{' '}
                {codeText(file.problem, lang)}
              </li>
            ))}
          </ul>
          <button type="button" className={button.quiet} onClick={() => setRefused([])}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}
      {props.problem ? (
        <div role="alert" className={fileError}>
          {codeText(props.problem, lang)}
        </div>
      ) : null}

      {files.length === 0 ? (
        <p className={muted}>{t('noFiles')}</p>
      ) : (
        <ul className={plainList}>
          {files.map((file) => {
            const { state } = file;
            const onTheWay = state.status === 'uploading' || state.status === 'queued';
            const stop = t(onTheWay ? 'cancelUpload' : 'removeFile', { name: file.name });
            return (
              <li key={file.key} className={fileItem}>
                <div className={fileLine}>
                  <span className={`${breakAnywhere} ${fileName}`}>
                    {file.name} <span className={muted}>{formatFileSize(file.size, lang)}</span>
                  </span>
                  {state.status === 'done' ? (
                    <span className={uploadedMark}>
                      <Icon path={mdiCheckCircleOutline} />
                      {t('uploaded')}
                    </span>
                  ) : null}
                  {state.status === 'queued' ? <span className={muted}>{t('queued')}</span> : null}
                  {state.status === 'failed' && props.onRetryUpload ? (
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={t('retryUpload', { name: file.name })}
                      title={t('retryUpload', { name: file.name })}
                      onClick={() => props.onRetryUpload?.(file.key)}
                    >
                      <Icon path={mdiRefresh} />
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={stop}
                    title={stop}
                    onClick={() =>
                      onTheWay ? props.onCancelUpload?.(file.key) : props.onRemoveFile?.(file.key)
                    }
                  >
                    <Icon path={mdiClose} />
                  </button>
                </div>
                {state.status === 'uploading' ? (
                  <div
                    role="progressbar"
                    className={bar}
                    aria-label={t('uploading', { name: file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(state.progress * 100)}
                  >
                    <div className={barFill} style={{ width: `${state.progress * 100}%` }} />
                  </div>
                ) : null}
                {state.status === 'failed' ? (
                  <div className={fileError}>{codeText(state.code, lang)}</div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

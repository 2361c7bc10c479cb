import { mdiContentCopy, mdiDownload, mdiEyeOutline } from '@mdi/js';
import type { DocumentFile, Lang } from '@qoltanba/core';
import { type JSX, useState } from 'react';
import { breakAnywhere, button, formatFileSize, iconButton, muted, plainList } from '../documents-common';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { facts, fileButtons, hash, item, itemHead, itemName } from './DocumentCard.css';
import { documentCardT } from './texts';

/** A SHA-256 as its first and last 8 hex digits. */
export function shortHash(sha256: string): string {
  return sha256.length > 16 ? `${sha256.slice(0, 8)}…${sha256.slice(-8)}` : sha256;
}

/** Props of {@link FilesList}. */
export interface FilesListProps {
  lang: Lang;
  files: readonly DocumentFile[];
  onDownload?: (file: DocumentFile) => void;
  onPreview?: (file: DocumentFile) => void;
}

/** The document's files: name, format, size, short SHA-256 with a copy button, download and preview. */
export function FilesList({ lang, files, onDownload, onPreview }: FilesListProps): JSX.Element {
  const t = documentCardT(lang);
  const [copyStatus, setCopyStatus] = useState('');

  const copy = async (file: DocumentFile): Promise<void> => {
    try {
      await navigator.clipboard.writeText(file.sha256);
      setCopyStatus(t('copied'));
    } catch {
      setCopyStatus(t('copyFailed'));
    }
  };

  return (
    <>
      <ul className={plainList}>
        {files.map((file) => (
          <li key={file.id} className={item}>
            <div className={itemHead}>
              <span className={`${itemName} ${breakAnywhere}`}>{file.name}</span>
              <span className={fileButtons}>
                {onPreview ? (
                  <button
                    type="button"
                    className={button.quiet}
                    aria-label={`${t('preview')} ${file.name}`}
                    onClick={() => onPreview(file)}
                  >
                    <Icon path={mdiEyeOutline} />
                    {t('preview')}
                  </button>
                ) : null}
                {onDownload ? (
                  <button
                    type="button"
                    className={button.quiet}
                    aria-label={`${t('download')} ${file.name}`}
                    onClick={() => onDownload(file)}
                  >
                    <Icon path={mdiDownload} />
                    {t('download')}
                  </button>
                ) : null}
              </span>
            </div>
            <div className={facts}>
              <span>{file.format.toUpperCase()}</span>
              <span>{formatFileSize(file.size, lang)}</span>
              <span>
                {t('hash')}{' '}
                <span className={hash} title={file.sha256}>
                  <span aria-hidden="true">{shortHash(file.sha256)}</span>
                  <span className={visuallyHidden}>{file.sha256}</span>
                </span>
              </span>
              <button
                type="button"
                className={iconButton}
                aria-label={t('copyHash', { name: file.name })}
                title={t('copyHash', { name: file.name })}
                onClick={() => void copy(file)}
              >
                <Icon path={mdiContentCopy} size={18} />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <span role="status" className={muted}>
        {copyStatus}
      </span>
    </>
  );
}

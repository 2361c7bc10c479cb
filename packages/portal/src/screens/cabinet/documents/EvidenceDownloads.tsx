import type { Document, HistoryEvent } from '@qoltanba/core';
import {
  type DownloadedFile,
  downloadPrintableCopy,
  downloadSignatureSheet,
  downloadSignedPackage,
  errorTextOf,
  showSnackbar,
} from '@qoltanba/sdk';
import { type JSX, useId, useState } from 'react';
import { saveFile } from '../../../app/saveFile';
import { usePortalT } from '../../../i18n';
import * as css from '../../screens.css';
import * as docs from './documents.css';

/** Whether anybody (a listed signer, or the sender) has signed the document, so the server has evidence of it. */
export function hasSignatures(document: Document, history: readonly HistoryEvent[] | undefined): boolean {
  return (
    document.lifecycleStatus === 'SIGNED' ||
    document.signers.some((signer) => signer.state === 'SIGNED') ||
    (history ?? []).some((event) => event.type === 'SIGN')
  );
}

/**
 * The evidence of a signed document on its card: the signed package (ZIP), the signature sheet and each file's
 * printable copy (PDF), downloaded with the bearer (never a cookie link) and saved under the server's name.
 */
export function EvidenceDownloads({ document }: { document: Document }): JSX.Element {
  const { t, lang } = usePortalT();
  const id = useId();
  const [busy, setBusy] = useState<string>();
  const download = (key: string, fallbackName: string, load: () => Promise<DownloadedFile>) => {
    if (busy) return;
    setBusy(key);
    load()
      .then(
        ({ blob, fileName }) => saveFile(blob, fileName ?? fallbackName),
        (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
      )
      .finally(() => setBusy(undefined));
  };
  const button = (key: string, text: string, fallbackName: string, load: () => Promise<DownloadedFile>) => (
    <button
      key={key}
      type="button"
      className={css.secondaryButton}
      aria-busy={busy === key || undefined}
      data-evidence={key}
      onClick={() => download(key, fallbackName, load)}
    >
      {text}
    </button>
  );
  return (
    <section className={css.panel} aria-labelledby={id} data-evidence-downloads>
      <h2 id={id} className={docs.panelTitle}>
        {t('docs.evidence.title')}
      </h2>
      <div className={docs.toolbar}>
        {button('package', t('docs.evidence.package'), `${document.name}.zip`, () =>
          downloadSignedPackage(document.id),
        )}
        {button('sheet', t('docs.evidence.sheet'), `${document.name}.signatures.pdf`, () =>
          downloadSignatureSheet(document.id),
        )}
        {document.files
          .filter((file) => file.stored)
          .map((file) =>
            button(
              `printable-${file.id}`,
              t('docs.evidence.printable', { name: file.name }),
              `${file.name}.pdf`,
              () => downloadPrintableCopy(document.id, file.id),
            ),
          )}
      </div>
    </section>
  );
}

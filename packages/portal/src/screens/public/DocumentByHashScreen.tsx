import type { DocumentFile, ExternalDocumentView } from '@qoltanba/core';
import {
  downloadExternalFile,
  errorCodeOf,
  errorTextOf,
  externalLinkToken,
  getExternalDocument,
  previewExternalFile,
  showSnackbar,
} from '@qoltanba/sdk';
import { DocumentCard, VerificationResult } from '@qoltanba/widgets';
import { type JSX, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { saveFile } from '../../app/saveFile';
import { usePortalT } from '../../i18n';
import { dateOnly, historyInWords } from '../cabinet/documents/dateTime';
import { PreviewableDocumentCard } from '../cabinet/documents/PreviewableDocumentCard';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

type ViewState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'loaded'; view: ExternalDocumentView };

/** A path id as a positive safe integer, or undefined (then the link is "not found" without asking). */
function idOf(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,16}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The loaded card: the verification result per signed file, then the read-only document with its files. */
function ExternalView({ id, token, view }: { id: number; token: string; view: ExternalDocumentView }) {
  const { t, lang } = usePortalT();
  const headingId = useId();
  const history = useMemo(() => historyInWords(view.history, t), [view.history, t]);
  const download = (file: DocumentFile) => {
    downloadExternalFile(id, token, file.id).then(
      ({ blob, fileName }) => saveFile(blob, fileName ?? file.name),
      (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
    );
  };
  const fileName = (fileId: number) => view.document.files.find((file) => file.id === fileId)?.name ?? '';
  return (
    <>
      <p className={css.muted}>{t('byHash.expires', { date: dateOnly(view.expiresAt, lang) })}</p>
      <section className={css.screen} aria-labelledby={headingId} data-external-verification>
        <h2 id={headingId} className={css.heading}>
          {t('byHash.verification')}
        </h2>
        {view.verifications.length === 0 ? <p>{t('byHash.unsigned')}</p> : null}
        {view.verifications.map(({ fileId, result }) => (
          <section key={fileId} aria-label={t('byHash.fileVerification', { name: fileName(fileId) })}>
            <h3>{t('byHash.fileVerification', { name: fileName(fileId) })}</h3>
            <VerificationResult result={result} />
          </section>
        ))}
      </section>
      <PreviewableDocumentCard
        document={view.document}
        history={history}
        onDownload={download}
        loadPreview={(file) => previewExternalFile(id, token, file.id)}
      />
    </>
  );
}

/**
 * External document link (`/document/:id/by-hash#<token>`, SPEC section 2): a participant shared the document;
 * whoever holds the link reads it without an account, read-only, with the signatures verified now. The token is
 * the URL fragment: the browser never sends it, the sdk puts it in a request header. A revoked, expired or unknown
 * link says so.
 */
export default function DocumentByHashScreen(): JSX.Element {
  const params = useParams();
  const { hash } = useLocation();
  const { t, lang } = usePortalT();
  const id = idOf(params.id);
  const token = externalLinkToken(hash);
  const [state, setState] = useState<ViewState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: "Try again" asks again through `attempt`
  useEffect(() => {
    if (id === undefined || token === undefined) {
      setState({ kind: 'failed', error: 'ENTITY_NOT_FOUND' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getExternalDocument(id, token, { signal: controller.signal }).then(
      (view) => setState({ kind: 'loaded', view }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [id, token, attempt]);

  return (
    <section className={css.screen} data-route="DocumentByHash">
      <ScreenHeading>{t('titles.DocumentByHash')}</ScreenHeading>
      <p className={css.lead}>{t('byHash.lead')}</p>
      {state.kind === 'loading' ? <DocumentCard loading /> : null}
      {state.kind === 'failed' && errorCodeOf(state.error) === 'ENTITY_NOT_FOUND' ? (
        <p role="alert" className={css.panel} data-link-gone>
          {token === undefined ? t('byHash.noLink') : t('byHash.gone')}
        </p>
      ) : null}
      {state.kind === 'failed' && errorCodeOf(state.error) !== 'ENTITY_NOT_FOUND' ? (
        <div>
          <p role="alert">{errorTextOf(state.error, lang)}</p>
          <button type="button" className={css.secondaryButton} onClick={() => setAttempt((n) => n + 1)}>
            {t('docs.editor.retry')}
          </button>
        </div>
      ) : null}
      {state.kind === 'loaded' && id !== undefined && token !== undefined ? (
        <ExternalView id={id} token={token} view={state.view} />
      ) : null}
    </section>
  );
}

import {
  type DocumentFile,
  type EmbedCreatedDocument,
  type EmbedSessionView,
  type ErrorCode,
  normalizeLang,
} from '@qoltanba/core';
import {
  $locale,
  connectToEmbedHost,
  createEmbedDocument,
  type EmbedEvent,
  type EmbedHostConnection,
  type EmbedStatus,
  embedParentOrigin,
  errorCodeOf,
  errorTextOf,
  isFramed,
  setLocale,
  showSnackbar,
  translateError,
  watchContentHeight,
} from '@qoltanba/sdk';
import { DocumentCard, VerifyDropzone } from '@qoltanba/widgets';
import { type JSX, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { saveFile } from '../../app/saveFile';
import { usePortalT } from '../../i18n';
import { SignerDocumentView } from '../../signing/SignerDocumentView';
import { embedSignActions } from '../../signing/signingActions';
import * as screens from '../screens.css';
import { EmbedCreate } from './EmbedCreate';
import * as css from './embed.css';
import {
  applyEmbedTheme,
  type EmbedState,
  embedFragment,
  embedStatusOf,
  openEmbedSession,
} from './embedFrame';

type Ready = Extract<EmbedState, { kind: 'ready' }>;
type Outcome = 'signed' | 'rejected' | 'created';

/**
 * What the session's purpose shows: the signer's flow, a document's status, the verification drop zone, or the
 * create form.
 */
function EmbedContent({
  ready,
  onView,
  onCreated,
  report,
}: {
  ready: Ready;
  onView: (view: EmbedSessionView, outcome?: Outcome) => void;
  onCreated: (created: EmbedCreatedDocument) => void;
  report: (event: EmbedEvent) => void;
}): JSX.Element {
  const { t, lang } = usePortalT();
  const { client, view, session } = ready;
  const onLinkView = useCallback((next: EmbedSessionView) => onView(next), [onView]);
  const actions = useMemo(
    () => embedSignActions(client, view, lang, onLinkView),
    [client, view, lang, onLinkView],
  );

  if (session.purpose === 'create' && view.company) {
    return (
      <EmbedCreate
        create={(draft, files, upload) =>
          createEmbedDocument(
            { baseUrl: window.location.origin, session: session.session, lang: () => $locale.get() },
            draft,
            files,
            upload,
          )
        }
        company={view.company}
        requiredSigner={view.requiredSigner}
        onCreated={onCreated}
      />
    );
  }
  if (session.purpose === 'verify') {
    return (
      <>
        <p className={screens.lead}>{t('embed.verifyLead')}</p>
        <VerifyDropzone />
      </>
    );
  }
  const signerView = view.document;
  if (!signerView) return <p role="alert">{translateError('EMBED_PURPOSE_MISMATCH', lang)}</p>;
  const documentId = signerView.document.id;
  const download = (file: DocumentFile) => {
    client.downloadFile(file.id).then(
      (blob) => saveFile(blob, file.name),
      (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
    );
  };
  if (session.purpose === 'status') {
    return <DocumentCard document={signerView.document} history={[]} onDownload={download} />;
  }
  return (
    <SignerDocumentView
      view={signerView}
      actions={actions}
      intro={
        <p className={screens.lead}>
          {t('embed.signer', { name: signerView.signer.nameRu, identity: signerView.signer.identityNumber })}
        </p>
      }
      onSigned={() => {
        // Either way of signing ends here (eGov mobile signs on the server's side): read the document as it is now.
        client.getSession().then(
          (next) => {
            onView(next, 'signed');
            report({ type: 'signed', documentId, status: next.document?.document.status ?? 'SIGNED' });
          },
          (error: unknown) => {
            report({ type: 'error', code: errorCodeOf(error), message: errorTextOf(error, lang) });
          },
        );
      }}
      reject={(reason) => client.reject({ reason, lang }).then((next) => onView(next, 'rejected'))}
      onRejected={() => report({ type: 'rejected', documentId })}
      onDownload={download}
    />
  );
}

/**
 * The embed page (`/embed/:token`) inside a partner's iframe (`Qoltanba.embed`): exchanges the single-use token
 * (no cookies: the session lives in memory), connects to the host page with penpal restricted to the token's
 * origins, and shows what the token is for: signing, a document's status, verification, or creating a document.
 * It reports ready, signed, rejected, created and errors (the server's codes: EMBED_TOKEN_EXPIRED, EMBED_TOKEN_USED,
 * ...) and its height.
 * Opened on its own (not framed), it works the same without a host.
 */
export default function EmbedScreen(): JSX.Element {
  const { token = '' } = useParams();
  const { t, lang } = usePortalT();
  const rootRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<EmbedHostConnection | null>(null);
  const [state, setState] = useState<EmbedState>({ kind: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>();
  const status = useRef<EmbedStatus>(embedStatusOf(state, outcome));
  status.current = embedStatusOf(state, outcome);
  const fragment = useMemo(() => embedFragment(window.location.hash), []);

  useEffect(() => {
    if (fragment.lang) setLocale(fragment.lang, { persist: false });
    if (fragment.theme) applyEmbedTheme(document.body, fragment.theme);
  }, [fragment]);

  useEffect(() => {
    let live = true;
    openEmbedSession(token, () => $locale.get()).then(
      (opened) => {
        if (!live) return;
        if (!fragment.lang && opened.session.lang) setLocale(opened.session.lang, { persist: false });
        setState({ kind: 'ready', ...opened });
      },
      (error: unknown) => {
        if (live) setState({ kind: 'failed', code: errorCodeOf(error), error });
      },
    );
    return () => {
      live = false;
    };
  }, [token, fragment]);

  const settled = state.kind === 'ready' || state.kind === 'failed';
  // biome-ignore lint/correctness/useExhaustiveDependencies: connects once, when the page first knows its origins
  useEffect(() => {
    if (!settled || !isFramed()) return;
    // Refused token: no session origins. frame-ancestors let only the token's origins frame us, so the parent the
    // browser reports is one of them; it only learns the error code.
    const parent = embedParentOrigin();
    const origins = state.kind === 'ready' ? state.session.allowedOrigins : parent ? [parent] : [];
    if (origins.length === 0) return;
    const connection = connectToEmbedHost({
      allowedOrigins: origins,
      methods: {
        setLanguage: (next) => {
          const chosen = normalizeLang(next);
          if (chosen) setLocale(chosen, { persist: false });
        },
        setTheme: (theme) => applyEmbedTheme(document.body, theme),
        getStatus: () => status.current,
        close: () => setState({ kind: 'closed' }),
      },
    });
    hostRef.current = connection;
    const root = rootRef.current;
    const stopWatching = root ? watchContentHeight(root, connection.resize) : () => undefined;
    if (state.kind === 'ready') connection.report({ type: 'ready' });
    if (state.kind === 'failed') {
      connection.report({
        type: 'error',
        code: state.code,
        message: errorTextOf(state.error, $locale.get()),
      });
    }
    return () => {
      stopWatching();
      connection.destroy();
      hostRef.current = null;
    };
  }, [settled]);

  const report = useCallback((event: EmbedEvent) => hostRef.current?.report(event), []);
  const onView = useCallback((view: EmbedSessionView, next?: Outcome) => {
    setState((current) => (current.kind === 'ready' ? { ...current, view } : current));
    if (next) setOutcome(next);
  }, []);
  const onCreated = useCallback(
    (created: EmbedCreatedDocument) => {
      setState((current) => (current.kind === 'ready' ? { ...current, created } : current));
      setOutcome('created');
      report({ type: 'created', ...created });
    },
    [report],
  );

  return (
    <div ref={rootRef} className={css.root} data-route="Embed" data-state={status.current.state}>
      <h1 className={css.heading}>{t('titles.Embed')}</h1>
      {state.kind === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {state.kind === 'failed' ? <EmbedError code={state.code} error={state.error} lang={lang} /> : null}
      {state.kind === 'closed' ? <p role="status">{t('embed.closed')}</p> : null}
      {state.kind === 'ready' ? (
        <EmbedContent ready={state} onView={onView} onCreated={onCreated} report={report} />
      ) : null}
    </div>
  );
}

function EmbedError({
  code,
  error,
  lang,
}: {
  code: ErrorCode;
  error: unknown;
  lang: ReturnType<typeof usePortalT>['lang'];
}) {
  return (
    <p role="alert" data-code={code}>
      {errorTextOf(error, lang)}
    </p>
  );
}

import { type DocumentFile, helpPagePath } from '@qoltanba/core';
import {
  documentStore,
  downloadDocumentFile,
  errorCodeOf,
  errorTextOf,
  isApiError,
  previewDocumentFile,
  resendApprovalLink,
  resendSigningLink,
  showSnackbar,
} from '@qoltanba/sdk';
import { DocumentCard, RejectDialog, RevokeDialog, SignPanel } from '@qoltanba/widgets';
import { type JSX, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { saveFile } from '../../app/saveFile';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import type { RouteName } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { documentSignActions } from '../../signing/signingActions';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import { DocumentScheduleForm } from './documents/DocumentScheduleForm';
import { historyInWords } from './documents/dateTime';
import * as docs from './documents/documents.css';
import { EvidenceDownloads, hasSignatures } from './documents/EvidenceDownloads';
import { FilePreview } from './documents/FilePreview';
import { failureText } from './documents/failureCode';
import { MoveToFolder } from './documents/MoveToFolder';
import { ShareLinkDialog } from './documents/ShareLinkDialog';
import { useDocumentActions } from './documents/useDocumentActions';
import { useReminders } from './documents/useReminders';

/** One document of the sdk's document store in the widgets' DocumentCard, with its preview and folder chooser. */
function DocumentView({ id, route }: { id: number; route: RouteName }): JSX.Element {
  const { t, lang } = usePortalT();
  const store = documentStore(id);
  const state = useSdkStore(store);
  const { run, move, signed, rejected, revoked, panel, closePanel } = useDocumentActions(id, store);
  const [previewed, setPreviewed] = useState<DocumentFile>();
  const [sharing, setSharing] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  const { document } = state;
  const history = useMemo(() => historyInWords(state.history, t), [state.history, t]);
  const signActions = useMemo(() => documentSignActions(id, store, lang), [id, store, lang]);
  // When each signer's link (and each approver's) may be sent again, from a refused resend's retryAfter (the card
  // counts it down).
  const [resendAt, setResendAt] = useState<Record<string, number>>({});
  const [approvalResendAt, setApprovalResendAt] = useState<Record<string, number>>({});
  const reminders = useReminders(document, lang, t('approvalLink.reminded'));

  const resendWith =
    (send: typeof resendSigningLink, setAt: typeof setResendAt) => (identityNumber: string) => {
      send(id, identityNumber).then(
        (link) => {
          showSnackbar({ message: t('docs.linkResent', { email: link.email }), kind: 'success' });
          void store.reload();
        },
        (error: unknown) => {
          const retryAfter = isApiError(error) ? error.params?.retryAfter : undefined;
          if (typeof retryAfter === 'number') {
            setAt((at) => ({ ...at, [identityNumber]: Date.now() + retryAfter * 1000 }));
          }
          showSnackbar({ message: errorTextOf(error, lang), kind: 'error' });
        },
      );
    };
  const resendLink = resendWith(resendSigningLink, setResendAt);
  const resendApproval = resendWith(resendApprovalLink, setApprovalResendAt);

  const download = (file: DocumentFile) => {
    downloadDocumentFile(id, file.id).then(
      ({ blob, fileName }) => saveFile(blob, fileName ?? file.name),
      (error: unknown) => showSnackbar({ message: failureText(error, 'file-download', lang), kind: 'error' }),
    );
  };

  return (
    <section className={css.screen} data-route={route} data-document={id}>
      <ScreenHeading>{t(`titles.${route}`)}</ScreenHeading>
      {panel === 'move' && document ? (
        <MoveToFolder
          current={document.folderId}
          busy={state.pending.includes('move')}
          onMove={move}
          onCancel={closePanel}
        />
      ) : null}
      {panel === 'sign' && document ? (
        <SignPanel
          actions={signActions}
          fileCount={document.files.length}
          onSigned={signed}
          helpHref={helpPagePath(lang, 'ncalayer')}
          qrHelpHref={helpPagePath(lang, 'egov-mobile')}
        />
      ) : null}
      {panel === 'reject' ? (
        <RejectDialog
          onReject={(reason) => store.reject(reason)}
          onClose={closePanel}
          onRejected={rejected}
        />
      ) : null}
      {panel === 'revoke' ? (
        <RevokeDialog onRevoke={() => store.revoke()} onClose={closePanel} onRevoked={revoked} />
      ) : null}
      {previewed ? (
        <FilePreview
          key={previewed.id}
          file={previewed}
          load={(signal) => previewDocumentFile(id, previewed.id, { signal })}
          onClose={() => setPreviewed(undefined)}
          onDownload={() => download(previewed)}
        />
      ) : null}
      {document && document.lifecycleStatus !== 'DRAFT' ? (
        <div className={docs.toolbar}>
          <button
            ref={shareButton}
            type="button"
            className={css.secondaryButton}
            aria-haspopup="dialog"
            aria-expanded={sharing}
            onClick={() => setSharing(true)}
          >
            {t('docs.share.open')}
          </button>
        </div>
      ) : null}
      {sharing ? (
        <ShareLinkDialog
          documentId={id}
          onClose={() => {
            setSharing(false);
            shareButton.current?.focus();
          }}
        />
      ) : null}
      {document && hasSignatures(document, state.history) ? <EvidenceDownloads document={document} /> : null}
      <DocumentCard
        document={document}
        loading={state.status === 'loading'}
        error={state.status === 'failed' ? state.error : undefined}
        onRetry={() => void store.reload()}
        history={history}
        historyLoading={state.status === 'loading' && !state.history}
        onAction={(action) => {
          if (state.document) run(action, state.document);
        }}
        pending={state.pending}
        actionError={state.status === 'failed' ? undefined : state.error}
        onDownload={download}
        onPreview={setPreviewed}
        onResendLink={resendLink}
        resendLinkAvailableAt={resendAt}
        onResendApprovalLink={resendApproval}
        resendApprovalLinkAvailableAt={approvalResendAt}
        onRemind={reminders.remind}
        remindable={reminders.remindable}
        onRemindAll={reminders.remindAll}
        remindAvailableAt={reminders.availableAt}
      />
      {state.status === 'failed' && errorCodeOf(state.error) === 'ENTITY_NOT_FOUND' ? <DocumentGone /> : null}
      {document?.role === 'sender' &&
      (document.lifecycleStatus === 'DRAFT' || document.lifecycleStatus === 'AT_SIGNING') ? (
        <DocumentScheduleForm documentId={id} />
      ) : null}
    </section>
  );
}

/**
 * Why a document is not found, under the card's refusal: a link from a notification or an e-mail may lead to one the
 * user's acting company does not see any more (deleted, or a company the user left or is not acting for).
 */
function DocumentGone(): JSX.Element {
  const { t } = usePortalT();
  return (
    <p className={css.muted} data-document-gone>
      {t('docs.gone.text')} <Link to={pathTo('Incoming')}>{t('docs.gone.back')}</Link>
    </p>
  );
}

/** One document: incoming/:id, outgoing/:id, document/:id and trash/:id. */
export default function DocumentScreen(): JSX.Element {
  const { id = '' } = useParams();
  const { name } = useCurrentRoute();
  const { t } = usePortalT();
  if (/^[0-9]+$/.test(id)) return <DocumentView key={id} id={Number(id)} route={name} />;
  // No document has such an id: answered like one the company does not take part in.
  return (
    <section className={css.screen} data-route={name}>
      <ScreenHeading>{t(`titles.${name}`)}</ScreenHeading>
      <DocumentCard error="ENTITY_NOT_FOUND" />
      <DocumentGone />
    </section>
  );
}

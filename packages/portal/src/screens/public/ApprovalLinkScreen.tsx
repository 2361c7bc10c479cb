import { type ApprovalLinkView, type DocumentFile, formatDateTime } from '@qoltanba/core';
import {
  approveByLink,
  declineByLink,
  downloadApprovalLinkFile,
  errorTextOf,
  getApprovalLink,
  previewApprovalLinkFile,
  showSnackbar,
} from '@qoltanba/sdk';
import { RejectDialog } from '@qoltanba/widgets';
import { type JSX, useState } from 'react';
import { saveFile } from '../../app/saveFile';
import { usePortalT } from '../../i18n';
import { PreviewableDocumentCard } from '../cabinet/documents/PreviewableDocumentCard';
import * as css from '../screens.css';
import { LinkDocumentScreen } from './LinkDocumentScreen';

/** What the approver may do now: approve, or decline with a comment, while the approval is awaited. */
function ApproverView({
  token,
  view,
  onView,
}: {
  token: string;
  view: ApprovalLinkView;
  onView: (next: ApprovalLinkView) => void;
}) {
  const { t, lang } = usePortalT();
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  const { signer } = view;
  const pending = signer.approval === 'PENDING' && view.document.lifecycleStatus === 'AT_SIGNING';
  const approve = () => {
    setBusy(true);
    approveByLink(token).then(
      (next) => {
        setBusy(false);
        onView(next);
        showSnackbar({ message: t('approvalLink.approved'), kind: 'success' });
      },
      (error: unknown) => {
        setBusy(false);
        showSnackbar({ message: errorTextOf(error, lang), kind: 'error' });
      },
    );
  };
  const download = (file: DocumentFile) => {
    downloadApprovalLinkFile(token, file.id).then(
      (blob) => saveFile(blob, file.name),
      (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
    );
  };
  return (
    <>
      <p className={css.lead}>
        {t('approvalLink.forSigner', {
          name: signer.nameRu,
          identity: signer.identityNumber,
          // As the approval e-mail says it: Kazakhstan's day and time with its zone, not the browser's.
          date: formatDateTime(view.expiresAt, lang),
        })}
      </p>
      {signer.approval === 'APPROVED' ? <p role="status">{t('approvalLink.approved')}</p> : null}
      {signer.approval === 'DECLINED' ? <p role="status">{t('approvalLink.declined')}</p> : null}
      {pending ? (
        <p>
          <button type="button" className={css.primaryButton} onClick={approve} disabled={busy}>
            {t('approvalLink.approve')}
          </button>{' '}
          <button
            type="button"
            className={css.secondaryButton}
            onClick={() => setDeclining(true)}
            disabled={busy}
          >
            {t('approvalLink.decline')}
          </button>
        </p>
      ) : signer.approval === 'PENDING' ? (
        <p className={css.muted}>{t('approvalLink.nothingToDo')}</p>
      ) : null}
      {declining ? (
        <RejectDialog
          onReject={(comment) => declineByLink(token, comment).then(onView)}
          onClose={() => setDeclining(false)}
          onRejected={() => showSnackbar({ message: t('approvalLink.declined'), kind: 'success' })}
        />
      ) : null}
      <PreviewableDocumentCard
        document={view.document}
        history={[]}
        onDownload={download}
        loadPreview={(file) => previewApprovalLinkFile(token, file.id)}
      />
    </>
  );
}

/**
 * An approver's personal link (`/approve/:token`, from the e-mail the server sends when a signer's turn comes):
 * the document read-only with its files' preview (through the link's token), approve or decline with a comment,
 * without an account. An unknown or expired link says so.
 */
export default function ApprovalLinkScreen(): JSX.Element {
  return (
    <LinkDocumentScreen route="ApprovalLink" load={getApprovalLink} notFound="APPROVAL_LINK_NOT_FOUND">
      {(token, view, onView) => <ApproverView token={token} view={view} onView={onView} />}
    </LinkDocumentScreen>
  );
}

import { type DocumentFile, helpPagePath, type SigningLinkView } from '@qoltanba/core';
import { RejectDialog, SignPanel, type SignPanelActions } from '@qoltanba/widgets';
import { type JSX, type ReactNode, useState } from 'react';
import { usePortalT } from '../i18n';
import { PreviewableDocumentCard } from '../screens/cabinet/documents/PreviewableDocumentCard';
import * as css from '../screens/screens.css';

/** Props of {@link SignerDocumentView}. */
export interface SignerDocumentViewProps {
  /** The signer's view of the document (a personal link's, or an embed session's). */
  view: SigningLinkView;
  /** How the sign panel signs (NCALayer, eGov QR) for this kind of access. */
  actions: SignPanelActions;
  /** Rejects with the reason; resolves once the server took it. */
  reject: (reason: string) => Promise<unknown>;
  onSigned: () => void;
  onRejected: () => void;
  onDownload: (file: DocumentFile) => void;
  /** Shown above the signer's state (e.g. whom the link is for). */
  intro?: ReactNode;
  /** Fetches a file's PDF preview; without it the card offers no preview. */
  loadPreview?: (file: DocumentFile) => Promise<Uint8Array>;
}

/**
 * What a signer without an account sees of one document, whatever brought them (their personal link `/sign/:token`
 * or a partner's embed `/embed/:token`): their state, the sign panel or reject while allowed, and the document.
 */
export function SignerDocumentView(props: SignerDocumentViewProps): JSX.Element {
  const { view, actions } = props;
  const { t, lang } = usePortalT();
  const [rejecting, setRejecting] = useState(false);
  const allowed = new Set<string>(view.document.allowedActions);
  const { signer } = view;
  return (
    <>
      {props.intro}
      {signer.state === 'SIGNED' ? <p role="status">{t('signingLink.signed')}</p> : null}
      {signer.state === 'REJECTED' ? <p role="status">{t('signingLink.rejected')}</p> : null}
      {allowed.has('sign') ? (
        <SignPanel
          actions={actions}
          fileCount={view.document.files.length}
          onSigned={props.onSigned}
          helpHref={helpPagePath(lang, 'ncalayer')}
          qrHelpHref={helpPagePath(lang, 'egov-mobile')}
        />
      ) : signer.state === 'WAITING' ? (
        <p className={css.muted}>{t('signingLink.nothingToDo')}</p>
      ) : null}
      {/* Reject only on the signer's turn (when signing is offered): a later signer waits, as the server requires. */}
      {allowed.has('reject') && allowed.has('sign') ? (
        <p>
          <button type="button" className={css.secondaryButton} onClick={() => setRejecting(true)}>
            {t('signingLink.reject')}
          </button>
        </p>
      ) : null}
      {rejecting ? (
        <RejectDialog
          onReject={props.reject}
          onClose={() => setRejecting(false)}
          onRejected={props.onRejected}
        />
      ) : null}
      <PreviewableDocumentCard
        document={view.document}
        history={view.history ?? []}
        onDownload={props.onDownload}
        {...(props.loadPreview ? { loadPreview: props.loadPreview } : {})}
      />
    </>
  );
}

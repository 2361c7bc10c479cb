import { type DocumentFile, formatDateTime, type SigningLinkView } from '@qoltanba/core';
import {
  downloadSigningLinkFile,
  errorTextOf,
  getSigningLink,
  previewSigningLinkFile,
  rejectByLink,
  showSnackbar,
} from '@qoltanba/sdk';
import { type JSX, useMemo } from 'react';
import { saveFile } from '../../app/saveFile';
import { usePortalT } from '../../i18n';
import { SignerDocumentView } from '../../signing/SignerDocumentView';
import { linkSignActions } from '../../signing/signingActions';
import * as css from '../screens.css';
import { LinkDocumentScreen } from './LinkDocumentScreen';

/** Signing as a signer without an account: what the link's view lets them do now. */
function LinkView({
  token,
  view,
  onView,
}: {
  token: string;
  view: SigningLinkView;
  onView: (next: SigningLinkView) => void;
}) {
  const { t, lang } = usePortalT();
  const actions = useMemo(() => linkSignActions(token, view, lang, onView), [token, view, lang, onView]);
  const { signer } = view;
  const reload = () => {
    getSigningLink(token).then(onView, () => undefined);
  };

  const download = (file: DocumentFile) => {
    downloadSigningLinkFile(token, file.id).then(
      (blob) => saveFile(blob, file.name),
      (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
    );
  };

  return (
    <SignerDocumentView
      view={view}
      actions={actions}
      intro={
        <p className={css.lead}>
          {t('signingLink.forSigner', {
            name: signer.nameRu,
            identity: signer.identityNumber,
            date: formatDateTime(view.expiresAt, lang),
          })}
        </p>
      }
      onSigned={() => {
        showSnackbar({ message: t('signingLink.signed'), kind: 'success' });
        reload();
      }}
      reject={(reason) => rejectByLink(token, reason).then(onView)}
      onRejected={() => showSnackbar({ message: t('signingLink.rejected'), kind: 'success' })}
      onDownload={download}
      loadPreview={(file) => previewSigningLinkFile(token, file.id)}
    />
  );
}

/**
 * A signer's personal link (`/sign/:token`, from the e-mail the server sends to signers without an account):
 * the document read-only, signing with NCALayer or eGov mobile free of charge, or rejecting it, without an
 * account. An unknown or expired link says so.
 */
export default function SigningLinkScreen(): JSX.Element {
  return (
    <LinkDocumentScreen route="SigningLink" load={getSigningLink} notFound="SIGNING_LINK_NOT_FOUND">
      {(token, view, onView) => <LinkView token={token} view={view} onView={onView} />}
    </LinkDocumentScreen>
  );
}

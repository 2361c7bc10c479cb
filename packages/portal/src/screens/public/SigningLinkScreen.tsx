import { type DocumentFile, formatDateTime, type SigningLinkView } from '@qoltanba/core';
import {
  downloadSigningLinkFile,
  errorCodeOf,
  errorTextOf,
  getSigningLink,
  previewSigningLinkFile,
  rejectByLink,
  showSnackbar,
} from '@qoltanba/sdk';
import { DocumentCard } from '@qoltanba/widgets';
import { type JSX, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { saveFile } from '../../app/saveFile';
import { usePortalT } from '../../i18n';
import { SignerDocumentView } from '../../signing/SignerDocumentView';
import { linkSignActions } from '../../signing/signingActions';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

type LinkState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'loaded'; view: SigningLinkView };

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
  const { token = '' } = useParams();
  const { t } = usePortalT();
  const [state, setState] = useState<LinkState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const onView = useMemo(() => (view: SigningLinkView) => setState({ kind: 'loaded', view }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: "Try again" asks again through `attempt`
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    getSigningLink(token).then(
      (view) => {
        if (live) setState({ kind: 'loaded', view });
      },
      (error: unknown) => {
        if (live) setState({ kind: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  return (
    <section className={css.screen} data-route="SigningLink">
      <ScreenHeading>{t('titles.SigningLink')}</ScreenHeading>
      {state.kind === 'loaded' ? (
        <LinkView token={token} view={state.view} onView={onView} />
      ) : (
        <>
          <p className={css.lead}>{t('texts.SigningLink')}</p>
          <DocumentCard
            loading={state.kind === 'loading'}
            error={state.kind === 'failed' ? state.error : undefined}
            onRetry={
              state.kind === 'failed' && errorCodeOf(state.error) !== 'SIGNING_LINK_NOT_FOUND'
                ? () => setAttempt((n) => n + 1)
                : undefined
            }
          />
        </>
      )}
    </section>
  );
}

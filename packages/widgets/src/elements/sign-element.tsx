import type { DocumentFile, EmbedSessionView, SigningConfig } from '@qoltanba/core';
import { followQrSigning, loadSigningConfig, ncaLayerFor, signFilesWithNcaLayer } from '@qoltanba/sdk';
import { type JSX, useMemo, useState } from 'react';
import { FilesList } from '../document-card/FilesList';
import { SignersList } from '../document-card/SignersList';
import { button, StateView, StatusBadge, sectionHeading } from '../documents-common';
import { PdfViewer } from '../pdf-viewer/PdfViewer';
import { RejectDialog } from '../reject-dialog/RejectDialog';
import { SignPanel, type SignPanelActions } from '../sign-panel/SignPanel';
import { defineElement, type ElementContext } from './element-definition';
import { elementBody, elementHeader, previewBox } from './embed-elements.css';
import { type EmbedSessionState, useEmbedSession } from './embed-session';
import { ensureActiveClient, serverOrigin } from './runtime/embed-client';
import { SIGN_TAG, type SignAttributes, signAttributes } from './sign-attributes';
import { embedT } from './texts';

export { SIGN_TAG, type SignAttributes, signAttributes } from './sign-attributes';

type Ready = Extract<EmbedSessionState, { kind: 'ready' }>;

/** The file previewed, as bytes for pdf.js (the preview needs the session's bearer, so it is no plain URL). */
interface Preview {
  file: DocumentFile;
  bytes: Uint8Array | undefined;
}

function SignElement({
  token,
  apiBase,
  qr,
  element,
}: SignAttributes & { element: ElementContext }): JSX.Element {
  const baseUrl = serverOrigin(apiBase);
  const { state, reload, fail } = useEmbedSession(baseUrl, token, 'sign', element);
  // SignPanel reads the server's signing config (NCALayer's address, test signer) through the sdk's active client.
  ensureActiveClient(baseUrl, () => element.lang);
  return (
    <SignElementView
      state={state}
      baseUrl={baseUrl}
      qr={qr !== false}
      element={element}
      reload={reload}
      fail={fail}
    />
  );
}

/** What `<qoltanba-sign>` shows for an embed session's state (exported for stories: they pass a fake session). */
export interface SignElementViewProps {
  state: EmbedSessionState;
  baseUrl: string;
  qr: boolean;
  element: ElementContext;
  reload: () => Promise<void>;
  fail: (error: unknown) => void;
  /** The signing config; by default the sdk's `$signingConfig` (read from the server). */
  signingConfig?: SigningConfig;
}

/** The content of `<qoltanba-sign>` for a session state: loading, the error, or the signer's document. */
export function SignElementView({ state, ...rest }: SignElementViewProps): JSX.Element {
  if (state.kind === 'loading') return <StateView kind="loading" />;
  if (state.kind === 'error') return <StateView kind="error" error={state.error} />;
  return <SignDocument ready={state} {...rest} />;
}

type SignDocumentProps = Omit<SignElementViewProps, 'state'> & { ready: Ready };

function SignDocument({
  ready,
  baseUrl,
  qr,
  element,
  reload,
  fail,
  signingConfig,
}: SignDocumentProps): JSX.Element {
  const t = embedT(element.lang);
  const { client, view } = ready;
  const [rejecting, setRejecting] = useState(false);
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const link = view.document;
  const actions = useMemo<SignPanelActions | undefined>(() => {
    if (!link) return undefined;
    const signed = (next: EmbedSessionView) => {
      const document = next.document?.document ?? link.document;
      element.emit('qoltanba-signed', { documentId: document.id, status: document.status });
    };
    return {
      async signWithNcaLayer(onProgress) {
        const signingConfig = await loadSigningConfig();
        const signatures = await signFilesWithNcaLayer(
          link.document.files,
          link.signer.identityNumber,
          (file) => client.downloadFile(file.id),
          { ncaLayer: ncaLayerFor(signingConfig), signingConfig, lang: element.lang, onProgress },
        );
        if (signatures === 'cancelled') return 'cancelled';
        const next = await client.sign({ signatures, lang: element.lang });
        signed(next);
        await reload();
        return 'signed';
      },
      start: () => client.startQrSigning(),
      follow: (session) => {
        const follower = followQrSigning(session, { baseUrl });
        void follower.done.then(async (final) => {
          if (final.state !== 'SIGNED') return;
          try {
            signed(await client.getSession());
            await reload();
          } catch (error) {
            fail(error);
          }
        });
        return follower;
      },
    };
  }, [link, client, baseUrl, element, reload, fail]);

  if (!link || !actions) return <StateView kind="error" error="EMBED_PURPOSE_MISMATCH" />;
  const { document, signer } = link;
  const canSign = signer.state === 'WAITING' && document.status === 'AT_SIGNING';

  const openPreview = (file: DocumentFile) => {
    setPreview({ file, bytes: undefined });
    client.downloadPreview(file.id).then(
      async (blob) => setPreview({ file, bytes: new Uint8Array(await blob.arrayBuffer()) }),
      (error: unknown) => {
        setPreview(undefined);
        fail(error);
      },
    );
  };
  const download = (file: DocumentFile) => {
    client.downloadFile(file.id).then((blob) => {
      const anchor = Object.assign(globalThis.document.createElement('a'), {
        href: URL.createObjectURL(blob),
        download: file.name,
      });
      anchor.click();
      URL.revokeObjectURL(anchor.href);
    }, fail);
  };

  return (
    <div className={elementBody}>
      <header className={elementHeader} part="header">
        <h2 className={sectionHeading}>{document.name}</h2>
        <span>{t('document', { number: document.number })}</span>
        <StatusBadge status={document.status} />
      </header>
      <section part="files" aria-label={t('files')}>
        <FilesList lang={element.lang} files={document.files} onDownload={download} onPreview={openPreview} />
      </section>
      {preview ? (
        <div className={previewBox} part="preview">
          <PdfViewer
            {...(preview.bytes ? { source: preview.bytes } : {})}
            loading={!preview.bytes}
            fileName={preview.file.name}
            onDownload={() => download(preview.file)}
          />
          <button type="button" className={button.secondary} onClick={() => setPreview(undefined)}>
            {t('closePreview')}
          </button>
        </div>
      ) : null}
      <section part="signers" aria-label={t('signers')}>
        <SignersList lang={element.lang} signers={document.signers} method={document.signingMethod} />
      </section>
      <div part="actions">
        {canSign ? (
          <>
            <SignPanel
              actions={actions}
              fileCount={document.files.length}
              qr={qr}
              {...(signingConfig ? { signingConfig } : {})}
            />
            <button type="button" className={button.secondary} onClick={() => setRejecting(true)}>
              {t('reject')}
            </button>
          </>
        ) : (
          <p role="status">
            {signer.state === 'SIGNED'
              ? t('signed')
              : signer.state === 'REJECTED'
                ? t('rejected')
                : t('notYourTurn')}
          </p>
        )}
      </div>
      {rejecting ? (
        <RejectDialog
          onReject={(reason) => client.reject({ reason, lang: element.lang })}
          onClose={() => setRejecting(false)}
          onRejected={() => {
            setRejecting(false);
            element.emit('qoltanba-rejected', { documentId: document.id });
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}

/** Definition of `<qoltanba-sign>`: the signer's document, NCALayer and eGov QR signing, reject. */
export const signElement = defineElement({
  tag: SIGN_TAG,
  // Replaced with this chunk's CSS by the elements build (build/inline-widgets-css.ts).
  css: '__QOLTANBA_ELEMENT_CSS__',
  attributes: signAttributes,
  widgets: ['SignPanel', 'RejectDialog', 'PdfViewer'],
  component: SignElement,
});

/** The `<qoltanba-sign>` element: attributes as properties. */
export type QoltanbaSignElement = HTMLElement & SignAttributes;

declare global {
  interface HTMLElementTagNameMap {
    'qoltanba-sign': QoltanbaSignElement;
  }
}

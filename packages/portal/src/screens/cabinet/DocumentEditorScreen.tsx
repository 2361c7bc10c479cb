import { useStore } from '@nanostores/react';
import {
  $counterparties,
  createDraftEditor,
  type DraftEditor,
  errorTextOf,
  isApiError,
  reportError,
  showSnackbar,
  translateError,
} from '@qoltanba/sdk';
import { DocumentForm } from '@qoltanba/widgets';
import { type JSX, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSdkStore } from '../../app/useSdkStore';
import { IDENTITY_TEST_MODE } from '../../boot/portalEnv';
import { usePortalT } from '../../i18n';
import { pathTo } from '../../routes/routePaths';
import type { EditorMode } from '../../routes/routeTable';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { SendingBlocked } from '../billing/SendingBlocked';
import { ScreenHeading } from '../ScreenHeading';
import { ScreenLoading } from '../ScreenLoading';
import * as css from '../screens.css';
import * as docs from './documents/documents.css';
import { useGo } from './documents/useGo';

interface EditorProps {
  mode: EditorMode;
  /** The draft to open (edit, draft and copy modes); undefined creates a new one. */
  documentId: number | undefined;
}

function LoadFailed({ editor, documentId }: { editor: DraftEditor; documentId: number }): JSX.Element {
  const { t, lang } = usePortalT();
  const { error } = useSdkStore(editor.$state);
  return (
    <div className={`${css.panel} ${css.narrowPanel}`}>
      <h2 className={docs.panelTitle}>{t('docs.editor.loadFailed')}</h2>
      <p role="alert">{translateError(error ?? 'INTERNAL_ERROR', lang)}</p>
      <button
        type="button"
        className={css.primaryButton}
        onClick={() => void editor.load(documentId).catch(() => undefined)}
      >
        {t('docs.editor.retry')}
      </button>
      <Link to={pathTo('Document', { id: documentId })}>{t('docs.editor.toDocument')}</Link>
    </div>
  );
}

/** The widgets' DocumentForm on an sdk draft editor: its files, uploads and save/send. */
function EditorForm({ editor, mode, documentId }: EditorProps & { editor: DraftEditor }): JSX.Element {
  const { t, lang } = usePortalT();
  const go = useGo();
  const state = useSdkStore(editor.$state);
  const counterparties = useSdkStore($counterparties);
  const blocker = useStore(editor.$sendBlocker);
  const fileBlocker = blocker === 'FILES_STILL_UPLOADING' ? blocker : undefined;

  if (documentId !== undefined && state.documentId === undefined) {
    return state.status === 'failed' ? (
      <LoadFailed editor={editor} documentId={documentId} />
    ) : (
      <ScreenLoading />
    );
  }

  // The form edits the editor itself: a submit only saves or sends what it holds.
  const submit = async (kind: 'save' | 'send') => {
    const document = await (kind === 'send' ? editor.send() : editor.save());
    showSnackbar({ message: t(kind === 'send' ? 'docs.snack.sent' : 'docs.snack.saved'), kind: 'success' });
    go(pathTo(kind === 'send' ? 'OutgoingDoc' : 'Document', { id: document.id }));
  };
  const removeFile = (key: string) =>
    void editor.removeFile(key).catch((error: unknown) => {
      if (!isApiError(error)) reportError(error, { action: 'draft-remove-file' });
      showSnackbar({ message: errorTextOf(error, lang), kind: 'error' });
    });

  return (
    <DocumentForm
      mode={mode === 'create' ? 'create' : 'edit'}
      value={state}
      edit={editor}
      files={state.files}
      // Only the editor's file reasons: the form explains name and signer problems by their fields.
      sendBlocker={fileBlocker}
      onAddFiles={(files) => editor.addFiles(files)}
      onCancelUpload={(key) => editor.cancelUpload(key)}
      onRemoveFile={removeFile}
      onRetryUpload={(key) => editor.retryFile(key)}
      actingBin={state.bin ?? ''}
      counterparties={counterparties.items}
      testMode={IDENTITY_TEST_MODE}
      onSaveDraft={() => submit('save')}
      onSend={() => submit('send')}
      // A refusal's link (the tariffs page when sending needs a tariff) opens in the portal's router.
      onOpenLink={(path) => go(path)}
      className={docs.wide}
    />
  );
}

/** Creates the draft editor of one screen visit (and opens the draft), disposing of it on the way out. */
function Editor(props: EditorProps): JSX.Element {
  const [editor, setEditor] = useState<DraftEditor>();
  const { documentId } = props;
  useEffect(() => {
    const created = createDraftEditor({ identity: { testMode: IDENTITY_TEST_MODE } });
    setEditor(created);
    // A failed load is in the editor's state (status `failed`), shown with "Try again".
    if (documentId !== undefined) created.load(documentId).catch(() => undefined);
    return () => created.dispose();
  }, [documentId]);
  return editor ? <EditorForm {...props} editor={editor} /> : <ScreenLoading />;
}

/**
 * The document editor: create, edit/:id, draft/:id and copy/:id (a copy is a new draft the card's "Copy" made).
 * Company switching is locked here (the header's switcher).
 */
export default function DocumentEditorScreen(): JSX.Element {
  const { t } = usePortalT();
  const { id = '' } = useParams();
  const { name, entry } = useCurrentRoute();
  const mode = entry.editorMode ?? 'create';
  // draft/:id takes any text by the route table; a non-numeric one is asked for as 0, which no document has.
  const documentId = mode === 'create' ? undefined : /^[0-9]+$/.test(id) ? Number(id) : 0;
  return (
    <section className={css.screen} data-route={name} data-editor-mode={mode}>
      {/* The form's own title says "New document" / "Edit document": the same words once are enough. */}
      <ScreenHeading visuallyHidden={mode === 'create' || mode === 'edit'}>
        {t(`titles.${name}`)}
      </ScreenHeading>
      <SendingBlocked />
      <Editor key={`${mode}:${id}`} mode={mode} documentId={documentId} />
    </section>
  );
}

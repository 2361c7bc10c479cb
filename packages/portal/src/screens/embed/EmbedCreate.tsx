import { useStore } from '@nanostores/react';
import type { DocumentDraft, EmbedCreatedDocument, Party } from '@qoltanba/core';
import { createDraftEditor, type EmbedUploadOptions, emptyDraftSigner } from '@qoltanba/sdk';
import { DocumentForm, type UploadItem } from '@qoltanba/widgets';
import { type JSX, useRef, useState } from 'react';
import { IDENTITY_TEST_MODE } from '../../boot/portalEnv';
import { usePortalT } from '../../i18n';
import * as screens from '../screens.css';

/** A picked file of the form and where its upload is. */
interface PickedFile {
  item: UploadItem;
  file: File;
}

/** Props of {@link EmbedCreate}. */
export interface EmbedCreateProps {
  /** Makes and sends the session's document (the sdk's `createEmbedDocument` with the session). */
  create: (
    draft: DocumentDraft,
    files: readonly File[],
    upload: EmbedUploadOptions,
  ) => Promise<EmbedCreatedDocument>;
  /** The company the token's API key belongs to: the document's sender. */
  company: Party;
  /** The IIN/BIN the token requires among the signers: the form starts with it. */
  requiredSigner: string | null;
  /** The document was made and sent. */
  onCreated: (created: EmbedCreatedDocument) => void;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * The embed page's create flow (a 'create' token): the widgets' document form, send only, for the token's company.
 * Files wait in the page until "Send", which uploads them with the draft in one request (per-file progress) and
 * sends the document; the server makes one document per session. A file cancelled on its way stops the request,
 * and the user sends again.
 */
export function EmbedCreate({ create, company, requiredSigner, onCreated }: EmbedCreateProps): JSX.Element {
  const { t } = usePortalT();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [created, setCreated] = useState<EmbedCreatedDocument>();
  const sending = useRef<{ controller: AbortController; keys: string[] } | undefined>(undefined);
  const keys = useRef(0);
  // The draft (name, method, signers) lives in an sdk draft editor; its files and send are the session's.
  const [draft] = useState(() => {
    const made = createDraftEditor({ bin: company.bin, identity: { testMode: IDENTITY_TEST_MODE } });
    if (requiredSigner) made.setSigners([{ ...emptyDraftSigner(), identityNumber: requiredSigner }]);
    return made;
  });
  const value = useStore(draft.$state);

  const setStates = (update: (item: UploadItem) => UploadItem['state']) =>
    setFiles((all) => all.map((entry) => ({ ...entry, item: { ...entry.item, state: update(entry.item) } })));
  const remove = (key: string) => setFiles((all) => all.filter((entry) => entry.item.key !== key));

  async function send(draft: DocumentDraft): Promise<void> {
    const batch = files.filter((entry) => entry.item.state.status !== 'failed');
    const controller = new AbortController();
    sending.current = { controller, keys: batch.map((entry) => entry.item.key) };
    setStates((item) => (item.state.status === 'failed' ? item.state : { status: 'uploading', progress: 0 }));
    try {
      const document = await create(
        draft,
        batch.map((entry) => entry.file),
        {
          signal: controller.signal,
          onProgress: (shares) =>
            setFiles((all) =>
              all.map((entry) => {
                const at = batch.findIndex((sent) => sent.item.key === entry.item.key);
                return at < 0
                  ? entry
                  : {
                      ...entry,
                      item: { ...entry.item, state: { status: 'uploading', progress: shares[at] ?? 0 } },
                    };
              }),
            ),
        },
      );
      setCreated(document);
      onCreated(document);
    } catch (error) {
      setStates((item) => (item.state.status === 'uploading' ? { status: 'queued' } : item.state));
      // A file cancelled on its way: the rest wait for the next "Send".
      if (!isAbort(error)) throw error;
    } finally {
      sending.current = undefined;
    }
  }

  if (created) {
    return (
      <p role="status" className={screens.lead} data-document-id={created.documentId}>
        {t('embed.created', { number: created.number, name: created.name })}
      </p>
    );
  }
  return (
    <>
      <p className={screens.lead}>{t('embed.createLead', { company: company.nameRu, bin: company.bin })}</p>
      <DocumentForm
        value={value}
        edit={draft}
        files={files.map((entry) => entry.item)}
        onAddFiles={(picked) =>
          setFiles((all) => [
            ...all,
            ...picked.map((file) => {
              keys.current += 1;
              const item: UploadItem = {
                key: `file-${keys.current}`,
                name: file.name,
                size: file.size,
                state: { status: 'queued' },
              };
              return { item, file };
            }),
          ])
        }
        onCancelUpload={(key) => {
          remove(key);
          if (sending.current?.keys.includes(key)) sending.current.controller.abort();
        }}
        onRemoveFile={remove}
        actingBin={company.bin}
        testMode={IDENTITY_TEST_MODE}
        onSend={send}
      />
    </>
  );
}

import type { Document } from '@qoltanba/core';
import { $folders, type DocumentStore, isApiError, reportError, showSnackbar } from '@qoltanba/sdk';
import type { DocumentCardAction } from '@qoltanba/widgets';
import { useState } from 'react';
import { useSdkStore } from '../../../app/useSdkStore';
import { usePortalT } from '../../../i18n';
import { pathTo } from '../../../routes/routePaths';
import { boxOf, documentPathIn, folderPath } from './documentPaths';
import { useGo } from './useGo';

/** What the screen shows beside the card: the folder chooser, the sign panel, a dialog, or nothing. */
export type DocumentPanel = 'move' | 'sign' | 'reject' | 'revoke' | undefined;

/**
 * The card's actions on the sdk's document store: each runs the store's action, then a snackbar in the
 * user's language and the screen where the document now is. A refusal stays in the store's `error`, which
 * the card shows by its actions.
 */
export function useDocumentActions(id: number, store: DocumentStore) {
  const { t } = usePortalT();
  const go = useGo();
  const folders = useSdkStore($folders);
  const [panel, setPanel] = useState<DocumentPanel>();
  const done = (message: string, path?: string) => {
    showSnackbar({ message, kind: 'success' });
    if (path) go(path);
  };

  const attempt = (work: () => Promise<unknown>) => {
    work().catch((error: unknown) => {
      // ApiErrors are in the store's state already; anything else is a bug worth a report.
      if (!isApiError(error)) reportError(error, { action: 'document-action', id });
    });
  };

  const run = (action: DocumentCardAction, document: Document) => {
    switch (action) {
      case 'update':
        go(pathTo(document.status === 'DRAFT' ? 'DraftDoc' : 'EditDocument', { id }));
        return;
      case 'move':
      case 'sign':
      case 'reject':
      case 'revoke':
        setPanel(action);
        return;
      case 'send':
        return attempt(async () => {
          await store.send();
          done(t('docs.snack.sent'), pathTo('OutgoingDoc', { id }));
        });
      case 'copy':
        return attempt(async () => {
          const copy = await store.copy();
          done(t('docs.snack.copied'), pathTo('CopyDocument', { id: copy.id }));
        });
      case 'trash':
        return attempt(async () => {
          await store.trash();
          done(t('docs.snack.trashed'), pathTo('TrashDoc', { id }));
        });
      case 'restore':
        return attempt(async () => {
          const restored = await store.restore();
          const box = boxOf(restored);
          done(
            t('docs.snack.restored'),
            box === 'draft' ? pathTo('Document', { id }) : documentPathIn(box, id),
          );
        });
    }
  };

  /**
   * After signing (NCALayer or eGov mobile): a snackbar; the store already holds the signed document. A signed
   * draft was sent too, so it opens in outgoing, as after "Send for signing".
   */
  const signed = () => {
    setPanel(undefined);
    const document = store.get().document;
    done(
      t('docs.snack.signed'),
      document && boxOf(document) === 'outgoing' ? pathTo('OutgoingDoc', { id }) : undefined,
    );
  };
  const rejected = () => done(t('docs.snack.rejected'));
  const revoked = () => done(t('docs.snack.revoked'));

  const move = (folderId: number | null) =>
    attempt(async () => {
      const moved = await store.moveToFolder(folderId);
      setPanel(undefined);
      if (folderId === null) return done(t('docs.snack.movedOut'));
      const name = folders.items.find((folder) => folder.id === folderId)?.name ?? '';
      done(t('docs.snack.moved', { name }), folderPath(folderId, boxOf(moved)));
    });

  return { run, move, signed, rejected, revoked, panel, closePanel: () => setPanel(undefined) };
}

import { DOCUMENT_BOXES, type DocumentBox, type Folder, folderOpeningBox } from '@qoltanba/core';
import { $folders, createDocumentListStore, type DocumentListStore, listDocuments } from '@qoltanba/sdk';
import { FolderTree } from '@qoltanba/widgets';
import { type JSX, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import { BoxDocuments } from './DocumentListScreen';
import { folderPath } from './documents/documentPaths';
import * as folders from './documents/folders.css';
import { useGo } from './documents/useGo';

const BOX_LABELS = {
  incoming: 'cabinet.tabs.incoming',
  outgoing: 'cabinet.tabs.outgoing',
  draft: 'cabinet.tabs.drafts',
  trash: 'cabinet.tabs.trash',
} as const satisfies Record<DocumentBox, string>;

function boxOfSearch(value: string | null): DocumentBox | undefined {
  return DOCUMENT_BOXES.find((box) => box === value);
}

/** Whether `box` holds documents of the folder (a failed look counts as empty: the tab itself then says why). */
async function boxHasDocuments(folderId: number, box: DocumentBox): Promise<boolean> {
  try {
    return (await listDocuments({ box, folderId, limit: 1 })).items.length > 0;
  } catch {
    return false;
  }
}

/**
 * The box shown: `?box=` when the address names one, else the one the folder opens on (core's folderOpeningBox,
 * from one look at each box); undefined while looking.
 */
function useShownBox(folder: Folder | undefined, asked: DocumentBox | undefined): DocumentBox | undefined {
  const [opening, setOpening] = useState<{ folderId: number; box: DocumentBox }>();
  const folderId = folder?.id;
  const empty = folder?.documentCount === 0;
  useEffect(() => {
    if (asked || folderId === undefined) return;
    if (empty) {
      setOpening({ folderId, box: folderOpeningBox([]) });
      return;
    }
    let current = true;
    void Promise.all(DOCUMENT_BOXES.map((box) => boxHasDocuments(folderId, box))).then((full) => {
      const boxes = DOCUMENT_BOXES.filter((_, index) => full[index]);
      if (current) setOpening({ folderId, box: folderOpeningBox(boxes) });
    });
    return () => {
      current = false;
    };
  }, [asked, folderId, empty]);
  if (asked) return asked;
  return opening && opening.folderId === folderId ? opening.box : undefined;
}

/** One box of one folder: a list store of its own (the shared box lists keep their own filters). */
function FolderDocuments({ folderId, box }: { folderId: number; box: DocumentBox }): JSX.Element | null {
  const [store, setStore] = useState<DocumentListStore>();
  useEffect(() => {
    const created = createDocumentListStore(box);
    void created.setOptions({ folderId });
    setStore(created);
  }, [folderId, box]);
  return store ? <BoxDocuments box={box} store={store} /> : null;
}

/**
 * Folders (`/cabinet/folder/:id?`): the widgets' FolderTree on the sdk's folder store (create, rename, delete),
 * and the documents of the chosen folder, one box at a time (`?box=`, else the first box holding some).
 */
export default function FolderScreen(): JSX.Element {
  const { t } = usePortalT();
  const go = useGo();
  const { id } = useParams();
  const [search] = useSearchParams();
  const state = useSdkStore($folders);
  const folderId = id && /^[0-9]+$/.test(id) ? Number(id) : undefined;
  const folder = state.items.find((entry) => entry.id === folderId);
  const box = useShownBox(folder, boxOfSearch(search.get('box')));

  // The tree shows and announces its own changes (created, renamed, deleted): no snackbar on top.
  const create = (parentId: number | null, name: string) => $folders.create({ name, parentId });
  const rename = (target: number, name: string) => $folders.update(target, { name });
  const remove = async (target: number) => {
    await $folders.remove(target);
    // The folder shown went with it (itself or an ancestor): back to the folder list.
    if (folderId !== undefined && !$folders.get().items.some((entry) => entry.id === folderId)) {
      go(pathTo('Folder'));
    }
  };

  const documents = (() => {
    if (id === undefined) return <p className={css.muted}>{t('docs.folders.choose')}</p>;
    if (folderId === undefined || (state.status === 'loaded' && !folder)) {
      return <p role="alert">{t('docs.folders.notFound')}</p>;
    }
    if (!folder) return null;
    return (
      <>
        <h2 className={folders.folderTitle}>{folder.name}</h2>
        <nav aria-label={t('docs.folders.boxes')}>
          <ul className={folders.boxTabs}>
            {DOCUMENT_BOXES.map((value) => (
              <li key={value}>
                <Link
                  to={folderPath(folder.id, value)}
                  className={folders.boxTab}
                  aria-current={value === box ? 'page' : undefined}
                  replace
                >
                  {t(BOX_LABELS[value])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {box && <FolderDocuments key={`${folder.id}:${box}`} folderId={folder.id} box={box} />}
      </>
    );
  })();

  return (
    <section className={css.screen} data-route={ROUTE_NAMES.Folder}>
      <ScreenHeading visuallyHidden>{t('titles.Folder')}</ScreenHeading>
      <div className={folders.layout}>
        <FolderTree
          className={folders.tree}
          folders={state.items}
          selectedId={folderId ?? null}
          onSelect={(target) => go(pathTo('Folder', { id: target }))}
          loading={state.status === 'loading' && state.items.length === 0}
          error={state.status === 'failed' ? state.error : undefined}
          onRetry={() => void $folders.reload()}
          onCreate={create}
          onRename={rename}
          onDelete={remove}
        />
        <div className={folders.documents}>{documents}</div>
      </div>
    </section>
  );
}

import { useStore } from '@nanostores/react';
import type { DocumentBox } from '@qoltanba/core';
import { $actingCompanyBin, type DocumentListStore, documentList } from '@qoltanba/sdk';
import { DocumentsTable } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import { documentPathIn } from './documents/documentPaths';
import { useGo } from './documents/useGo';

/** Props of {@link BoxDocuments}. */
export interface BoxDocumentsProps {
  box: DocumentBox;
  /** The list: the shared one of the box, or a folder's own. */
  store: DocumentListStore;
}

/**
 * The widgets' DocumentsTable on a list store of the sdk: filter, search and sort go to the store, which
 * reloads; "Load more" takes the next keyset page; a row opens its document (a draft opens its editor).
 */
export function BoxDocuments({ box, store }: BoxDocumentsProps): JSX.Element {
  const state = useSdkStore(store);
  const actingBin = useStore($actingCompanyBin);
  const go = useGo();
  // The store keeps the options not named (a search survives a filter change) and reloads.
  const change = (options: Parameters<DocumentListStore['setOptions']>[0]) => void store.setOptions(options);
  return (
    <DocumentsTable
      box={box}
      documents={state.items}
      loading={state.status === 'loading' || state.status === 'idle'}
      error={state.error}
      onRetry={() => void (state.status === 'failed' ? store.reload() : store.loadMore())}
      hasMore={state.hasMore}
      loadingMore={state.loadingMore}
      onLoadMore={() => void store.loadMore()}
      filter={state.options.filter}
      onFilterChange={(filter) => change({ filter })}
      defaultSearch={state.options.q}
      onSearch={(q) => change({ q: q || undefined })}
      sort={state.options.sort}
      order={state.options.order}
      onSortChange={(sort, order) => change({ sort, order })}
      actingBin={actingBin}
      onOpen={(id) => go(documentPathIn(box, id))}
    />
  );
}

/** The one list screen of incoming, outgoing, drafts and trash (SPEC section 2), filtered by the route's box. */
export default function DocumentListScreen(): JSX.Element {
  const { t } = usePortalT();
  const { name, entry } = useCurrentRoute();
  const box = entry.listStatus ?? 'incoming';
  return (
    <section className={css.screen} data-route={name} data-status={box}>
      <ScreenHeading>{t(`titles.${name}`)}</ScreenHeading>
      <BoxDocuments key={box} box={box} store={documentList(box)} />
    </section>
  );
}

import { $folders, buildFolderTree, type FolderNode } from '@qoltanba/sdk';
import { type FormEvent, type JSX, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSdkStore } from '../../../app/useSdkStore';
import { usePortalT } from '../../../i18n';
import { pathTo } from '../../../routes/routePaths';
import * as css from '../../screens.css';
import * as docs from './documents.css';

/** Props of {@link MoveToFolder}. */
export interface MoveToFolderProps {
  /** The folder the document is in now, or null. */
  current: number | null;
  busy: boolean;
  onMove: (folderId: number | null) => void;
  onCancel: () => void;
}

function flatten(nodes: readonly FolderNode[]): FolderNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Chooses one of the acting company's folders (the sdk's folder store, as a tree) or none. */
export function MoveToFolder({ current, busy, onMove, onCancel }: MoveToFolderProps): JSX.Element {
  const { t } = usePortalT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const folders = useSdkStore($folders);
  const options = useMemo(() => flatten(buildFolderTree(folders.items)), [folders.items]);
  const [choice, setChoice] = useState(current === null ? '' : String(current));
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onMove(choice === '' ? null : Number(choice));
  };

  return (
    <section className={css.panel} aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1} className={docs.panelTitle}>
        {t('docs.move.title')}
      </h2>
      {folders.status === 'loaded' && options.length === 0 ? (
        <p>
          {t('docs.move.noFolders')} <Link to={pathTo('Folder')}>{t('docs.move.createFolder')}</Link>
        </p>
      ) : null}
      <form className={docs.inlineForm} onSubmit={submit}>
        <label className={docs.field}>
          <span>{t('docs.move.folder')}</span>
          <select
            className={docs.input}
            value={choice}
            aria-busy={folders.status === 'loading' || undefined}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">{t('docs.move.none')}</option>
            {options.map(({ folder, depth }) => (
              <option key={folder.id} value={folder.id}>
                {`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={css.primaryButton} aria-disabled={busy || undefined}>
          {t('docs.move.submit')}
        </button>
        <button type="button" className={css.secondaryButton} onClick={onCancel}>
          {t('docs.move.cancel')}
        </button>
      </form>
    </section>
  );
}

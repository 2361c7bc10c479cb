import { mdiDeleteOutline, mdiFolderPlusOutline, mdiPencilOutline, mdiPlus } from '@mdi/js';
import { useStore } from '@nanostores/react';
import type { ErrorCode, Folder } from '@qoltanba/core';
import { $locale, buildFolderTree, type FolderNode } from '@qoltanba/sdk';
import { type JSX, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { button, muted, StateView, sectionHeading, widgetRoot } from '../documents-common';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { FolderDeleteConfirm, FolderNameEditor, type FolderOutcome } from './FolderEditor';
import { actions as actionsClass, layout, tree } from './FolderTree.css';
import { FolderTreeItems, itemId } from './FolderTreeItems';
import { ancestorsOf, folderNameProblem, visibleNodes } from './folder-model';
import { folderTreeT } from './texts';

/** Props of {@link FolderTree}. */
export interface FolderTreeProps {
  /** The company's folders, flat (`parentId` links them). */
  folders: readonly Folder[];
  /** The selected folder (controlled when given). */
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** Folders open at first (the selected one's ancestors are opened anyway). */
  defaultExpanded?: readonly number[];
  loading?: boolean;
  error?: ErrorCode;
  onRetry?: () => void;
  /** Creates a folder (a subfolder when `parentId` is set); a rejection shows its code at the name. */
  onCreate?: (parentId: number | null, name: string) => Promise<unknown> | undefined;
  onRename?: (id: number, name: string) => Promise<unknown> | undefined;
  onDelete?: (id: number) => Promise<unknown> | undefined;
  className?: string;
}

type Editing =
  | { kind: 'create'; parentId: number | null }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'delete'; folder: Folder };

/**
 * The company's folders as an ARIA tree: arrows move (Right opens or enters, Left closes or goes up),
 * Home/End, Enter/Space select; document counts; new folder, subfolder, rename and delete with inline name
 * checks (core's folderNameSchema, unique among siblings) and the server's answer shown in place.
 *
 * @example <FolderTree folders={folders} selectedId={id} onSelect={open} onCreate={create} />
 */
export function FolderTree(props: FolderTreeProps): JSX.Element {
  const { folders } = props;
  const lang = useStore($locale);
  const t = folderTreeT(lang);
  const id = useId();
  const treeRef = useRef<HTMLDivElement>(null);
  const [ownSelected, setOwnSelected] = useState<number | null>(props.selectedId ?? null);
  const selectedId = props.selectedId !== undefined ? props.selectedId : ownSelected;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () =>
      new Set([
        ...(props.defaultExpanded ?? []),
        ...(selectedId === null ? [] : ancestorsOf(folders, selectedId)),
      ]),
  );
  const [focusedId, setFocusedId] = useState<number>();
  const [editing, setEditing] = useState<Editing>();
  const [announcement, setAnnouncement] = useState('');
  const moveFocus = useRef(false);
  const nodes = useMemo(() => buildFolderTree(folders), [folders]);
  const visible = visibleNodes(nodes, expanded);
  const selected = folders.find((folder) => folder.id === selectedId);
  const focused =
    visible.find((node) => node.folder.id === focusedId) ??
    visible.find((node) => node.folder.id === selectedId) ??
    visible[0];

  useEffect(() => {
    if (!moveFocus.current || focused === undefined) return;
    moveFocus.current = false;
    document.getElementById(itemId(id, focused.folder.id))?.focus();
  });

  const focusNode = (node: FolderNode | undefined) => {
    if (!node) return;
    moveFocus.current = true;
    setFocusedId(node.folder.id);
  };
  const toggle = (folderId: number, open?: boolean) =>
    setExpanded((before) => {
      const next = new Set(before);
      if (open ?? !next.has(folderId)) next.add(folderId);
      else next.delete(folderId);
      return next;
    });
  const choose = (folderId: number) => {
    setOwnSelected(folderId);
    setFocusedId(folderId);
    props.onSelect?.(folderId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!focused) return;
    const index = visible.indexOf(focused);
    const { folder, children } = focused;
    const open = expanded.has(folder.id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusNode(visible[index + 1]),
      ArrowUp: () => focusNode(visible[index - 1]),
      Home: () => focusNode(visible[0]),
      End: () => focusNode(visible.at(-1)),
      ArrowRight: () =>
        children.length === 0 ? undefined : open ? focusNode(children[0]) : toggle(folder.id, true),
      ArrowLeft: () =>
        open && children.length > 0
          ? toggle(folder.id, false)
          : focusNode(visible.find((n) => n.folder.id === folder.parentId)),
      Enter: () => choose(folder.id),
      ' ': () => choose(folder.id),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const siblingsOf = (parentId: number | null) => folders.filter((folder) => folder.parentId === parentId);
  const attempt = async (work: () => Promise<unknown> | undefined, done: string): FolderOutcome => {
    try {
      await work();
    } catch (failure) {
      return { error: failure };
    }
    setEditing(undefined);
    setAnnouncement(done);
    return undefined;
  };
  const saveName = async (name: string): FolderOutcome => {
    if (!editing || editing.kind === 'delete') return undefined;
    const parentId = editing.kind === 'create' ? editing.parentId : editing.folder.parentId;
    const ownId = editing.kind === 'rename' ? editing.folder.id : undefined;
    const problem = folderNameProblem(name, siblingsOf(parentId), ownId);
    if (problem) return { error: problem };
    const trimmed = name.trim();
    if (editing.kind === 'rename')
      return attempt(() => props.onRename?.(editing.folder.id, trimmed), t('renamed', { name: trimmed }));
    const outcome = await attempt(() => props.onCreate?.(parentId, trimmed), t('created', { name: trimmed }));
    if (!outcome && parentId !== null) toggle(parentId, true);
    return outcome;
  };

  const editor = (() => {
    if (!editing) return null;
    const close = () => setEditing(undefined);
    if (editing.kind === 'delete') {
      return (
        <FolderDeleteConfirm
          lang={lang}
          name={editing.folder.name}
          onCancel={close}
          onConfirm={() =>
            attempt(() => props.onDelete?.(editing.folder.id), t('deleted', { name: editing.folder.name }))
          }
        />
      );
    }
    const parent =
      editing.kind === 'create' && editing.parentId !== null
        ? folders.find((f) => f.id === editing.parentId)
        : undefined;
    const label =
      editing.kind === 'rename'
        ? t('nameRename', { name: editing.folder.name })
        : parent
          ? t('nameSub', { parent: parent.name })
          : t('nameNew');
    return (
      <FolderNameEditor
        key={editing.kind === 'rename' ? `rename-${editing.folder.id}` : `create-${editing.parentId}`}
        lang={lang}
        label={label}
        initialName={editing.kind === 'rename' ? editing.folder.name : ''}
        submitText={t(editing.kind === 'rename' ? 'save' : 'create')}
        onSubmit={saveName}
        onCancel={close}
      />
    );
  })();

  const actionButton = (text: string, icon: string, start: Editing | undefined) =>
    start ? (
      <button type="button" className={button.secondary} onClick={() => setEditing(start)}>
        <Icon path={icon} />
        {text}
      </button>
    ) : null;

  let content: JSX.Element;
  if (props.error) content = <StateView kind="error" error={props.error} onRetry={props.onRetry} />;
  else if (props.loading && folders.length === 0) content = <StateView kind="loading" />;
  else if (nodes.length === 0) content = <p className={muted}>{t('empty')}</p>;
  else {
    content = (
      <div ref={treeRef} role="tree" aria-labelledby={`${id}-title`} className={tree} onKeyDown={onKeyDown}>
        <FolderTreeItems
          nodes={nodes}
          baseId={id}
          expanded={expanded}
          selectedId={selectedId}
          focusedId={focused?.folder.id}
          documentsLabel={(n) => t('documents', { n })}
          onToggle={(folderId) => toggle(folderId)}
          onChoose={choose}
        />
      </div>
    );
  }

  return (
    <section
      className={[widgetRoot, layout, props.className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className={sectionHeading}>
        {t('title')}
      </h3>
      {props.onCreate || props.onRename || props.onDelete ? (
        <fieldset className={actionsClass} aria-label={t('actions')}>
          {props.onCreate
            ? actionButton(t('newFolder'), mdiFolderPlusOutline, { kind: 'create', parentId: null })
            : null}
          {props.onCreate && selected
            ? actionButton(t('newSubfolder'), mdiPlus, { kind: 'create', parentId: selected.id })
            : null}
          {props.onRename && selected
            ? actionButton(t('rename'), mdiPencilOutline, { kind: 'rename', folder: selected })
            : null}
          {props.onDelete && selected
            ? actionButton(t('delete'), mdiDeleteOutline, { kind: 'delete', folder: selected })
            : null}
        </fieldset>
      ) : null}
      {editor}
      {content}
      <span role="status" className={visuallyHidden}>
        {announcement}
      </span>
    </section>
  );
}

import { mdiChevronRight, mdiFolderOutline } from '@mdi/js';
import type { FolderNode } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { Icon } from '../icon';
import { chevron, count, group, itemRow, treeItem } from './FolderTree.css';

/** Props of {@link FolderTreeItems}. */
export interface FolderTreeItemsProps {
  nodes: readonly FolderNode[];
  baseId: string;
  expanded: ReadonlySet<number>;
  selectedId: number | null;
  focusedId: number | undefined;
  documentsLabel: (n: number) => string;
  onToggle: (id: number) => void;
  onChoose: (id: number) => void;
}

/** The id of a folder's tree item element. */
export function itemId(baseId: string, folderId: number): string {
  return `${baseId}-folder-${folderId}`;
}

/**
 * One level of the ARIA tree: each folder a `treeitem` (level, position, expanded, selected) named by its name and document count,
 * its subfolders in a `group` while expanded. Only the focused item is in the tab order (roving tabindex).
 */
export function FolderTreeItems(props: FolderTreeItemsProps): JSX.Element {
  const { nodes, baseId, expanded, selectedId, focusedId } = props;
  return (
    <>
      {nodes.map((node, index) => {
        const { folder } = node;
        const open = expanded.has(folder.id);
        const hasChildren = node.children.length > 0;
        const id = itemId(baseId, folder.id);
        return (
          <div
            key={folder.id}
            id={id}
            role="treeitem"
            className={treeItem}
            aria-level={node.depth + 1}
            aria-setsize={nodes.length}
            aria-posinset={index + 1}
            aria-expanded={hasChildren ? open : undefined}
            aria-selected={folder.id === selectedId}
            aria-label={`${folder.name}, ${props.documentsLabel(folder.documentCount)}`}
            tabIndex={folder.id === focusedId ? 0 : -1}
          >
            {/* biome-ignore lint/a11y: the row takes mouse clicks; the tree handles the keys of its items */}
            <div
              className={itemRow}
              style={{ paddingInlineStart: `${node.depth * 20 + 4}px` }}
              data-selected={folder.id === selectedId || undefined}
              onClick={(event) => {
                event.stopPropagation();
                props.onChoose(folder.id);
              }}
            >
              {/* biome-ignore lint/a11y: a mouse shortcut of the Right and Left arrow keys */}
              <span
                className={chevron}
                data-open={open || undefined}
                data-hidden={!hasChildren || undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  if (hasChildren) props.onToggle(folder.id);
                }}
              >
                <Icon path={mdiChevronRight} />
              </span>
              <Icon path={mdiFolderOutline} />
              <span>{folder.name}</span>
              {folder.documentCount > 0 ? (
                <span className={count} aria-hidden="true">
                  {folder.documentCount}
                </span>
              ) : null}
            </div>
            {hasChildren && open ? (
              // biome-ignore lint/a11y/useSemanticElements: the ARIA tree pattern nests a group of tree items; a fieldset is a form group
              <div role="group" className={group}>
                <FolderTreeItems {...props} nodes={node.children} />
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

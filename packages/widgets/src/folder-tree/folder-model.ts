import { type ErrorCode, type Folder, folderNameSchema, isErrorCode } from '@qoltanba/core';
import type { FolderNode } from '@qoltanba/sdk';

/** The nodes a reader sees in order: every top-level node, and the children of expanded ones. */
export function visibleNodes(tree: readonly FolderNode[], expanded: ReadonlySet<number>): FolderNode[] {
  return tree.flatMap((node) => [
    node,
    ...(expanded.has(node.folder.id) ? visibleNodes(node.children, expanded) : []),
  ]);
}

/** The ids of the folders above `id`, nearest last. */
export function ancestorsOf(folders: readonly Folder[], id: number): number[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain: number[] = [];
  let parent = byId.get(id)?.parentId ?? null;
  while (parent !== null && !chain.includes(parent)) {
    chain.unshift(parent);
    parent = byId.get(parent)?.parentId ?? null;
  }
  return chain;
}

/**
 * What is wrong with a folder name: core's folderNameSchema (FOLDER_NAME_REQUIRED, FOLDER_NAME_TOO_LONG), or
 * FOLDER_NAME_TAKEN when a sibling has it already (ignoring case and surrounding spaces).
 */
export function folderNameProblem(
  name: string,
  siblings: readonly Folder[],
  ownId?: number,
): ErrorCode | undefined {
  const result = folderNameSchema.safeParse(name);
  if (!result.success) {
    const message = result.error.issues[0]?.message;
    return isErrorCode(message) ? message : 'FOLDER_NAME_REQUIRED';
  }
  const wanted = result.data.toLocaleLowerCase();
  const taken = siblings.some(
    (folder) => folder.id !== ownId && folder.name.trim().toLocaleLowerCase() === wanted,
  );
  return taken ? 'FOLDER_NAME_TAKEN' : undefined;
}

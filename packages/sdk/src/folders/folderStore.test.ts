import type { Folder } from '@qoltanba/core';
import { BETA, testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectCompany } from '../company/companyStore';
import { $documentsVersion } from '../documents/documentsVersion';
import { loggedInOn } from '../test-support/real-server';
import { $folders, $folderTree, buildFolderTree, type FolderNode } from './folderStore';

const test = testServerPerFile();

const folder = (id: number, name: string, parentId: number | null = null): Folder => ({
  id,
  name,
  parentId,
  documentCount: 0,
  createdAt: '2026-11-22T01:00:00.000Z',
});

const shape = (nodes: FolderNode[]): unknown =>
  nodes.map((node) => [
    node.folder.name,
    node.depth,
    ...(node.children.length ? [shape(node.children)] : []),
  ]);

describe('buildFolderTree', () => {
  it('nests subfolders under their parents, keeping the list order among siblings', () => {
    const tree = buildFolderTree([
      folder(3, '2026', 1),
      folder(1, 'Акты'),
      folder(2, 'Договоры'),
      folder(4, 'Январь', 3),
      folder(5, '2025', 1),
    ]);
    expect(shape(tree)).toEqual([
      [
        'Акты',
        0,
        [
          ['2026', 1, [['Январь', 2]]],
          ['2025', 1],
        ],
      ],
      ['Договоры', 0],
    ]);
  });

  it('puts a folder with a missing parent or in a cycle at the top level, losing none', () => {
    const tree = buildFolderTree([
      folder(1, 'A', 9),
      folder(2, 'B', 3),
      folder(3, 'C', 2),
      folder(4, 'D', 3),
    ]);
    // Each once: a cycle is broken at the top level rather than followed.
    expect(shape(tree)).toEqual([
      ['A', 0],
      ['B', 0],
      ['C', 0],
      ['D', 0],
    ]);
    expect(buildFolderTree([])).toEqual([]);
  });
});

describe('$folders', () => {
  afterEach(() => cleanStores($folders));

  it('loads the acting company folders as a tree and reloads after each change', async () => {
    await loggedInOn(test.server);
    $folderTree.listen(() => {});
    await vi.waitFor(() => expect($folders.get().status).toBe('loaded'));
    const top = await $folders.create({ name: 'Договоры' });
    await $folders.create({ name: '2026', parentId: top.id });
    expect(shape($folderTree.get())).toEqual([['Договоры', 0, [['2026', 1]]]]);
    await $folders.update(top.id, { name: 'Акты' });
    expect($folders.get().items.map((entry) => entry.name)).toEqual(['2026', 'Акты']);
    const version = $documentsVersion.get();
    await $folders.remove(top.id);
    expect($folders.get().items).toEqual([]);
    expect($documentsVersion.get()).toBe(version + 1);
  });

  it('reloads for another company and keeps the code of a refusal', async () => {
    await loggedInOn(test.server);
    $folders.listen(() => {});
    await $folders.create({ name: 'Только Альфа' });
    await vi.waitFor(() => expect($folders.get().items).toHaveLength(1));
    selectCompany(BETA.bin);
    expect($folders.get()).toMatchObject({ items: [] });
    await vi.waitFor(() => expect($folders.get().status).toBe('loaded'));
    expect($folders.get().items).toEqual([]);
    await expect($folders.create({ name: ' ' })).rejects.toMatchObject({ code: 'FOLDER_NAME_REQUIRED' });
  });
});

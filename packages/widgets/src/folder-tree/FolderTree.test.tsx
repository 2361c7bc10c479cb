import type { Folder } from '@qoltanba/core';
import { ApiError, buildFolderTree, setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_FOLDERS } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { FolderTree } from './FolderTree';
import * as stories from './FolderTree.stories';
import { folderNameProblem, visibleNodes } from './folder-model';

const items = () => screen.getAllByRole('treeitem');
const nameOf = (element: Element | null) => element?.getAttribute('aria-label')?.split(',')[0];
const names = () => items().map(nameOf);
const focusedName = () => nameOf(document.activeElement);
const key = (name: string) => fireEvent.keyDown(document.activeElement as Element, { key: name });

describe('folder model', () => {
  it("lists the nodes a reader sees: the sdk's tree, opened where expanded", () => {
    const withOrphan: Folder[] = [
      ...SAMPLE_FOLDERS,
      { id: 9, name: 'Orphan', parentId: 99, documentCount: 0, createdAt: '' },
    ];
    const tree = buildFolderTree(withOrphan);
    expect(visibleNodes(tree, new Set()).map((n) => n.folder.name)).toEqual([
      'Договоры',
      'Акты',
      'Кадры',
      'Orphan',
    ]);
    expect(visibleNodes(tree, new Set([1, 3])).map((n) => `${n.depth}:${n.folder.name}`)).toEqual([
      '0:Договоры',
      '1:2024',
      '1:2025',
      '2:Поставщики',
      '0:Акты',
      '0:Кадры',
      '0:Orphan',
    ]);
  });

  it("checks names with core's rule and among siblings only", () => {
    const siblings = SAMPLE_FOLDERS.filter((f) => f.parentId === 1);
    expect(folderNameProblem('  ', siblings)).toBe('FOLDER_NAME_REQUIRED');
    expect(folderNameProblem('x'.repeat(101), siblings)).toBe('FOLDER_NAME_TOO_LONG');
    expect(folderNameProblem(' 2024 ', siblings)).toBe('FOLDER_NAME_TAKEN');
    expect(folderNameProblem('2024', siblings, 2)).toBeUndefined();
    expect(folderNameProblem('Акты', siblings)).toBeUndefined();
  });
});

describe('FolderTree', () => {
  beforeEach(() => setLocale('en'));

  it('is an ARIA tree with levels, positions, counts and the selected folder opened to', () => {
    render(<FolderTree folders={SAMPLE_FOLDERS} selectedId={4} />);
    const tree = screen.getByRole('tree', { name: 'Folders' });
    expect(names()).toEqual(['Договоры', '2024', '2025', 'Поставщики', 'Акты', 'Кадры']);
    const selected = within(tree).getByRole('treeitem', { selected: true });
    expect(selected.getAttribute('aria-level')).toBe('3');
    expect(selected.getAttribute('tabindex')).toBe('0');
    expect(
      screen.getByRole('treeitem', { name: 'Договоры, Documents: 12' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const acts = screen.getByRole('treeitem', { name: 'Акты, Documents: 0' });
    expect([
      acts.getAttribute('aria-expanded'),
      acts.getAttribute('aria-posinset'),
      acts.getAttribute('aria-setsize'),
    ]).toEqual([null, '2', '3']);
    expect(items().filter((i) => i.getAttribute('tabindex') === '0')).toHaveLength(1);
  });

  it('moves with the arrow keys, opens and closes, and selects with Enter', () => {
    const onSelect = vi.fn();
    render(<FolderTree folders={SAMPLE_FOLDERS} onSelect={onSelect} />);
    (items()[0] as HTMLElement).focus();
    expect(focusedName()).toBe('Договоры');
    key('ArrowRight');
    expect(document.activeElement?.getAttribute('aria-expanded')).toBe('true');
    key('ArrowRight');
    expect(focusedName()).toBe('2024');
    key('ArrowDown');
    expect(focusedName()).toBe('2025');
    key('ArrowLeft');
    expect(focusedName()).toBe('Договоры');
    key('ArrowLeft');
    expect(names()).toEqual(['Договоры', 'Акты', 'Кадры']);
    key('End');
    expect(focusedName()).toBe('Кадры');
    key('ArrowUp');
    expect(focusedName()).toBe('Акты');
    key('Home');
    key('Enter');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(1);
    expect(screen.getByRole('treeitem', { selected: true })).toBe(document.activeElement);
  });

  it('selects and toggles with the mouse', () => {
    const onSelect = vi.fn();
    render(<FolderTree folders={SAMPLE_FOLDERS} onSelect={onSelect} />);
    fireEvent.click(screen.getByText('Кадры'));
    expect(onSelect).toHaveBeenCalledWith(6);
    const contracts = screen.getByRole('treeitem', { name: /^Договоры/ });
    fireEvent.click(contracts.querySelector('[data-hidden], span') as Element);
    expect(contracts.getAttribute('aria-expanded')).toBe('true');
  });

  it('creates a subfolder, checking the name inline before calling', async () => {
    const onCreate = vi.fn(async () => undefined);
    render(<FolderTree folders={SAMPLE_FOLDERS} selectedId={1} onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: 'New subfolder' }));
    const field = screen.getByRole('textbox', { name: 'Name of the new folder in “Договоры”' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A folder with this name already exists')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.submit(field);
    expect(await screen.findByText('Enter a folder name')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: ' 2026 ' } });
    fireEvent.submit(field);
    await waitFor(() => expect(onCreate).toHaveBeenCalledExactlyOnceWith(1, '2026'));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('Folder “2026” created');
  });

  it("shows the server's refusal at the name and keeps it", async () => {
    setLocale('ru');
    const onCreate = vi.fn(async () => Promise.reject(new ApiError(409, 'FOLDER_NAME_TAKEN', '')));
    render(<FolderTree folders={SAMPLE_FOLDERS} onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Новая папка' }));
    const field = screen.getByRole('textbox', { name: 'Название новой папки' });
    fireEvent.change(field, { target: { value: 'Счета' } });
    fireEvent.submit(field);
    expect(await screen.findByText('Папка с таким названием уже существует')).toBeTruthy();
    expect(field).toHaveProperty('value', 'Счета');
  });

  it('renames and deletes the selected folder; Escape cancels', async () => {
    const onRename = vi.fn(async () => undefined);
    const onDelete = vi.fn(async () => undefined);
    render(<FolderTree folders={SAMPLE_FOLDERS} selectedId={5} onRename={onRename} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByRole('textbox', { name: 'New name of “Акты”' });
    expect(field).toHaveProperty('value', 'Акты');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Акты сверки' } });
    fireEvent.submit(screen.getByRole('textbox'));
    await waitFor(() => expect(onRename).toHaveBeenCalledExactlyOnceWith(5, 'Акты сверки'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(document.activeElement?.textContent).toBe('Delete the folder “Акты”?');
    fireEvent.click(
      within(screen.getByText('Delete the folder “Акты”?').parentElement as HTMLElement).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(onDelete).toHaveBeenCalledExactlyOnceWith(5));
  });

  it('shows loading, empty and error states', () => {
    const { rerender } = render(<FolderTree folders={[]} loading />);
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Loading…');
    rerender(<FolderTree folders={[]} />);
    expect(screen.getByText('No folders yet')).toBeTruthy();
    rerender(<FolderTree folders={[]} error="FORBIDDEN" />);
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('has no axe violations with an editor open', async () => {
    const { container } = render(
      <FolderTree
        folders={SAMPLE_FOLDERS}
        selectedId={3}
        onCreate={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await expectNoAxeViolations(container);
  });
});

describe('FolderTree stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('section')).toBeTruthy());
});

import {
  type DocumentListState,
  type DocumentState,
  type DraftEditor,
  type DraftEditorState,
  deleteFolder,
  type lookupRegistry,
} from '@qoltanba/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type { CounterpartyFormProps } from '../counterparty-form';
import type { DocumentCardProps } from '../document-card';
import type { DocumentFormProps } from '../document-form';
import type { DocumentsTableProps } from '../documents-table';
import type { FolderTreeProps } from '../folder-tree';

// The portal wires the widgets to the sdk's stores without adapters: these types must keep fitting.
describe('widget props take the sdk stores as they are', () => {
  it('document form <- draft editor', () => {
    // The form is a view of the editor: its state is the value, the editor itself takes the edits.
    expectTypeOf<DraftEditorState>().toExtend<DocumentFormProps['value']>();
    expectTypeOf<DraftEditor>().toExtend<DocumentFormProps['edit']>();
    expectTypeOf<DraftEditorState['files']>().toExtend<DocumentFormProps['files']>();
    expectTypeOf<DraftEditor['addFiles']>().toExtend<DocumentFormProps['onAddFiles']>();
    expectTypeOf<DraftEditor['cancelUpload']>().toExtend<NonNullable<DocumentFormProps['onCancelUpload']>>();
    expectTypeOf<DraftEditor['removeFile']>().toExtend<NonNullable<DocumentFormProps['onRemoveFile']>>();
    expectTypeOf<DraftEditor['retryFile']>().toExtend<NonNullable<DocumentFormProps['onRetryUpload']>>();
    expectTypeOf<DraftEditorState['error']>().toExtend<DocumentFormProps['sendBlocker']>();
  });

  it('document card <- document store', () => {
    expectTypeOf<DocumentState['document']>().toExtend<DocumentCardProps['document']>();
    expectTypeOf<DocumentState['history']>().toExtend<DocumentCardProps['history']>();
    expectTypeOf<DocumentState['pending']>().toExtend<NonNullable<DocumentCardProps['pending']>>();
    expectTypeOf<DocumentState['error']>().toExtend<DocumentCardProps['error']>();
  });

  it('documents table <- document list store', () => {
    expectTypeOf<DocumentListState['box']>().toExtend<DocumentsTableProps['box']>();
    expectTypeOf<DocumentListState['items']>().toExtend<DocumentsTableProps['documents']>();
    expectTypeOf<DocumentListState['error']>().toExtend<DocumentsTableProps['error']>();
    expectTypeOf<DocumentListState['hasMore']>().toExtend<NonNullable<DocumentsTableProps['hasMore']>>();
    expectTypeOf<DocumentListState['loadingMore']>().toExtend<
      NonNullable<DocumentsTableProps['loadingMore']>
    >();
  });

  it('folder tree and counterparty form <- folder and registry calls', () => {
    expectTypeOf(deleteFolder)
      .parameter(0)
      .toEqualTypeOf<Parameters<NonNullable<FolderTreeProps['onDelete']>>[0]>();
    expectTypeOf<typeof lookupRegistry>().toExtend<NonNullable<CounterpartyFormProps['onLookup']>>();
  });
});

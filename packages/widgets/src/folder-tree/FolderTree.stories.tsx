import type { Folder } from '@qoltanba/core';
import { ApiError } from '@qoltanba/sdk';
import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { SAMPLE_FOLDERS } from '../story-support/document-fixtures';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { FolderTree } from './FolderTree';

const later = () => new Promise((resolve) => setTimeout(resolve, 400));

// Keeps the folders in memory and answers like the server would (a name "Taken" is refused).
function Stateful(props: ComponentProps<typeof FolderTree>) {
  const [folders, setFolders] = useState<Folder[]>([...props.folders]);
  const [selectedId, setSelectedId] = useState(props.selectedId ?? null);
  return (
    <FolderTree
      {...props}
      folders={folders}
      selectedId={selectedId}
      onSelect={setSelectedId}
      onCreate={async (parentId, name) => {
        await later();
        if (name === 'Taken') throw new ApiError(409, 'FOLDER_NAME_TAKEN', 'taken');
        const id = Math.max(0, ...folders.map((f) => f.id)) + 1;
        setFolders((list) => [
          ...list,
          { id, name, parentId, documentCount: 0, createdAt: new Date().toISOString() },
        ]);
      }}
      onRename={async (id, name) => {
        await later();
        setFolders((list) => list.map((f) => (f.id === id ? { ...f, name } : f)));
      }}
      onDelete={async (id) => {
        await later();
        setFolders((list) => list.filter((f) => f.id !== id && f.parentId !== id));
        setSelectedId(null);
      }}
    />
  );
}

const meta = {
  title: 'Documents/FolderTree',
  component: FolderTree,
  args: { folders: SAMPLE_FOLDERS, selectedId: 3 },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof FolderTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The folders with "2025" selected (its parent opened); create, rename and delete in place. */
export const Default: Story = {};

/** Nothing selected yet: only "New folder" is offered. */
export const NothingSelected: Story = { args: { selectedId: null } };

/** A company without folders. */
export const Empty: Story = { args: { folders: [] } };

/** The folders are loading. */
export const Loading: Story = { args: { folders: [], loading: true } };

/** Loading failed. */
export const LoadError: Story = { args: { folders: [], error: 'NETWORK_ERROR', onRetry: () => undefined } };

/** Read only: no callbacks, no actions. */
export const ReadOnly: Story = { render: (args) => <FolderTree {...args} /> };

/** At phone width. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;

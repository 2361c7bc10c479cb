import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { SAMPLE_HISTORY, sampleDocument } from '../story-support/document-fixtures';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { DocumentCard, type DocumentCardAction } from './DocumentCard';

// Shows which callback fired, and a short busy state for an action, as the portal would while it runs.
function Stateful(props: ComponentProps<typeof DocumentCard>) {
  const [busy, setBusy] = useState<DocumentCardAction>();
  const [log, setLog] = useState('');
  return (
    <>
      <DocumentCard
        {...props}
        pending={props.pending ?? (busy ? [busy] : [])}
        onAction={(action) => {
          setBusy(action);
          setLog(`onAction('${action}')`);
          setTimeout(() => setBusy(undefined), 800);
        }}
        onDownload={(file) => setLog(`onDownload(${file.name})`)}
        onPreview={(file) => setLog(`onPreview(${file.name})`)}
      />
      <p>{log}</p>
    </>
  );
}

const meta = {
  title: 'Documents/DocumentCard',
  component: DocumentCard,
  args: { document: sampleDocument('AT_SIGNING'), history: SAMPLE_HISTORY },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DocumentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Out for signing: the first signer has signed; the sender may revoke, copy or move it. */
export const AtSigning: Story = {};

/** A draft: edit and send. */
export const Draft: Story = {
  args: { document: sampleDocument('DRAFT'), history: SAMPLE_HISTORY.slice(0, 1) },
};

/** Signed by everyone. */
export const Signed: Story = { args: { document: sampleDocument('SIGNED') } };

/** Rejected, with the reason and who rejected it. */
export const Rejected: Story = { args: { document: sampleDocument('REJECTED') } };

/** Revoked by the sender. */
export const Revoked: Story = { args: { document: sampleDocument('REVOKED') } };

/** In the trash: the countdown and "Restore". */
export const InTrash: Story = { args: { document: sampleDocument('TRASH') } };

/** The document is loading. */
export const Loading: Story = { args: { document: undefined, loading: true } };

/** The document could not be loaded. */
export const LoadError: Story = {
  args: { document: undefined, error: 'DOCUMENT_ACCESS_FORBIDDEN', onRetry: () => undefined },
};

/** The history is still loading. */
export const HistoryLoading: Story = { args: { history: undefined, historyLoading: true } };

/** An action failed. */
export const ActionFailed: Story = { args: { actionError: 'DOCUMENT_REVOKE_FORBIDDEN' } };

/** At phone width. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;

import type { SupportConversationStatus } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inKazakh, inRussian } from '../story-support/story-locales';
import { SAMPLE_CLOSED, SAMPLE_CONVERSATIONS } from '../story-support/support-fixtures';
import { SupportConversationList } from './SupportConversationList';

// Switches tabs and opens conversations in memory, as the portal's inbox does through its store.
function Stateful(props: ComponentProps<typeof SupportConversationList>) {
  const [status, setStatus] = useState<SupportConversationStatus>(props.status);
  const [selected, setSelected] = useState(props.selectedId);
  const conversations =
    props.conversations === SAMPLE_CONVERSATIONS && status === 'closed' ? SAMPLE_CLOSED : props.conversations;
  return (
    <SupportConversationList
      {...props}
      status={status}
      conversations={conversations}
      selectedId={selected}
      onStatusChange={setStatus}
      onOpen={(conversation) => setSelected(conversation.id)}
    />
  );
}

const meta = {
  title: 'Support/SupportConversationList',
  component: SupportConversationList,
  args: {
    conversations: SAMPLE_CONVERSATIONS,
    status: 'open',
    selectedId: 12,
    hrefOf: (conversation) => `?conversation=${conversation.id}`,
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof SupportConversationList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open conversations with unread badges; the current one is marked. */
export const Open: Story = inKazakh;

/** The closed tab. */
export const Closed: Story = {
  args: { status: 'closed', conversations: SAMPLE_CLOSED, selectedId: undefined },
};

/** The first page is loading. */
export const Loading: Story = { args: { conversations: [], loading: true } };

/** Nobody wrote. */
export const Empty: Story = { args: { conversations: [] } };

/** The list could not load. */
export const LoadError: Story = {
  args: { conversations: [], error: 'NETWORK_ERROR', onRetry: () => undefined },
};

/** More pages to load. */
export const WithMore: Story = { args: { hasMore: true, onLoadMore: () => undefined } };

/** At phone width: one column, long names cut. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;

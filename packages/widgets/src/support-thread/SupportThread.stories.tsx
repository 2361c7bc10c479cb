import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, onPhone } from '../story-support/story-fakes';
import { inEnglish, inKazakh, inRussian } from '../story-support/story-locales';
import { SAMPLE_CLOSED, SAMPLE_MESSAGES, SAMPLE_THREAD } from '../story-support/support-fixtures';
import { SupportCloseButton } from '../support-close-button/SupportCloseButton';
import { SupportReplyForm } from '../support-reply-form/SupportReplyForm';
import { SupportThread } from './SupportThread';

const meta = {
  title: 'Support/SupportThread',
  component: SupportThread,
  args: {
    conversation: SAMPLE_THREAD,
    messages: SAMPLE_MESSAGES,
    attachmentHref: (attachment) => `#attachment-${attachment.id}`,
  },
  decorators: [
    (Story) => (
      <div style={{ height: 560, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SupportThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An open conversation: the visitor's messages (one with HTML that stays text), an attachment, a reply. */
export const Open: Story = {
  ...inKazakh,
  args: {
    actions: <SupportCloseButton onClose={fakeAction(undefined)} />,
    children: <SupportReplyForm onSend={fakeAction(undefined)} />,
  },
};

/** A closed conversation: no reply form, its closing time. */
export const Closed: Story = {
  args: {
    conversation: SAMPLE_CLOSED[0],
    children: <SupportReplyForm closed onSend={fakeAction(undefined)} />,
  },
};

/** A long conversation: its newest messages, and a button for the earlier ones. */
export const WithEarlierMessages: Story = {
  args: { messages: SAMPLE_MESSAGES.slice(2), onLoadEarlier: () => undefined },
};

/** The conversation is loading. */
export const Loading: Story = { args: { conversation: undefined, messages: [], loading: true } };

/** It could not load. */
export const LoadError: Story = {
  args: { conversation: undefined, messages: [], error: 'ENTITY_NOT_FOUND', onRetry: () => undefined },
};

/** No messages (a conversation is never empty on the server; the widget copes). */
export const Empty: Story = { args: { messages: [] } };

/** At phone width, with the back button of the two-screen layout. */
export const OnPhone: Story = {
  ...onPhone,
  args: { onBack: () => undefined, children: <SupportReplyForm onSend={fakeAction(undefined)} /> },
};

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;

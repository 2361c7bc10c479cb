import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, fakeFailure } from '../story-support/story-fakes';
import { inEnglish, inKazakh, inRussian } from '../story-support/story-locales';
import { SupportReplyForm } from './SupportReplyForm';

const meta = {
  title: 'Support/SupportReplyForm',
  component: SupportReplyForm,
  args: { onSend: fakeAction(undefined) },
} satisfies Meta<typeof SupportReplyForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enter sends, Shift+Enter starts a new line. */
export const Default: Story = inKazakh;

/** The server refuses the reply. */
export const Refused: Story = {
  args: { onSend: fakeFailure(403, 'SUPPORT_OPERATOR_ONLY', 'Operators only') },
};

/** A closed conversation takes no reply. */
export const Closed: Story = { args: { closed: true } };

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;

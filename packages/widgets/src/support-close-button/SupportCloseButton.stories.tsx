import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, fakeFailure } from '../story-support/story-fakes';
import { inEnglish, inKazakh, inRussian } from '../story-support/story-locales';
import { SupportCloseButton } from './SupportCloseButton';

const meta = {
  title: 'Support/SupportCloseButton',
  component: SupportCloseButton,
  args: { onClose: fakeAction(undefined) },
} satisfies Meta<typeof SupportCloseButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Asks before closing. */
export const Default: Story = inKazakh;

/** The server refuses. */
export const Refused: Story = { args: { onClose: fakeFailure(404, 'ENTITY_NOT_FOUND', 'Not found') } };

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;

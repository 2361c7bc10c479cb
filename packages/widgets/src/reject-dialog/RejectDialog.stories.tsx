import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, fakeFailure } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { RejectDialog } from './RejectDialog';
import { RevokeDialog } from './RevokeDialog';

const meta = {
  title: 'Signing/RejectDialog',
  component: RejectDialog,
  args: { onReject: fakeAction(undefined), onClose: () => undefined },
} satisfies Meta<typeof RejectDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A reason of 5 to 100 characters, counted as it is typed. */
export const Reject: Story = { ...inEnglish };

/** The server refuses: the document is no longer in signing. */
export const Refused: Story = {
  args: {
    onReject: fakeFailure(
      409,
      'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
      'Only documents in signing can be rejected',
    ),
  },
  ...inRussian,
};

/** The confirmation before revoking. */
export const Revoke: Story = {
  render: () => <RevokeDialog onRevoke={fakeAction(undefined)} onClose={() => undefined} />,
  ...inEnglish,
};

import type { Meta, StoryObj } from '@storybook/react';
import { fakeAuthActions, fakeFailure } from '../story-support/story-fakes';
import { RecoveryForm } from './RecoveryForm';

const meta = {
  title: 'Account/RecoveryForm',
  component: RecoveryForm,
  args: {
    actions: fakeAuthActions,
  },
} satisfies Meta<typeof RecoveryForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole flow: any e-mail or phone, then any 6 digits and a new password of 8+ characters. */
export const Flow: Story = {};

/** No account has that e-mail or phone. */
export const UnknownAccount: Story = {
  args: { actions: { requestRecoveryCode: fakeFailure(404, 'ACCOUNT_NOT_FOUND', 'Тіркелгі табылмады') } },
};

import type { Meta, StoryObj } from '@storybook/react';
import { fakeAuthActions, fakeFailure, onPhone } from '../story-support/story-fakes';
import { LoginForm } from './LoginForm';

const meta = {
  title: 'Account/LoginForm',
  component: LoginForm,
  args: {
    actions: fakeAuthActions,
  },
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Password login (any login and password succeed after a short delay). */
export const Password: Story = {};

/** Code login: type an e-mail or phone, send, then any 6 digits. */
export const Code: Story = { args: { initialMethod: 'code' } };

/** The server refuses every password: five wrong ones in a row block the account. */
export const Blocked: Story = {
  args: {
    actions: {
      loginWithPassword: fakeFailure(
        423,
        'ACCOUNT_BLOCKED',
        'Тіркелгі уақытша бұғатталды. Қайта кіруге болатын уақыт: 01.03.2026, 15:15',
        { until: '2026-03-01T10:15:00Z' },
      ),
    },
  },
};

/** At phone width. */
export const OnPhone: Story = onPhone;

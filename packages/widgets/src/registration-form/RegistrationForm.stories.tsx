import type { Meta, StoryObj } from '@storybook/react';
import { fakeAuthActions, fakeFailure, onPhone } from '../story-support/story-fakes';
import { RegistrationForm } from './RegistrationForm';

const meta = {
  title: 'Account/RegistrationForm',
  component: RegistrationForm,
  args: {
    actions: fakeAuthActions,
  },
} satisfies Meta<typeof RegistrationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole flow: any e-mail or phone, any 6 digits, then name and password. */
export const Flow: Story = {};

/** The e-mail is already registered. */
export const EmailTaken: Story = {
  args: {
    actions: { requestCode: fakeFailure(409, 'EMAIL_TAKEN', 'Бұл электрондық пошта тіркеліп қойған') },
  },
};

/** At phone width. */
export const OnPhone: Story = onPhone;

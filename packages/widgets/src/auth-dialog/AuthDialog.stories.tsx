import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { fakeAuthActions } from '../story-support/story-fakes';
import { AuthDialog } from './AuthDialog';

const meta = {
  title: 'Account/AuthDialog',
  component: AuthDialog,
  args: { open: true, onClose: () => {}, actions: fakeAuthActions },
} satisfies Meta<typeof AuthDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open on the login view. */
export const Login: Story = {};

/** Open on registration. */
export const Registration: Story = { args: { initialView: 'register' } };

/** Open on password recovery. */
export const Recovery: Story = { args: { initialView: 'recover' } };

/** As on the landing page: a button opens it, Esc or × closes it and focus returns to the button. */
export const FromAButton: Story = {
  args: { open: false },
  render: function FromAButtonStory(args) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Log in
        </button>
        <AuthDialog {...args} open={open} onClose={() => setOpen(false)} />
      </>
    );
  },
};

import type { Meta, StoryObj } from '@storybook/react';
import { fakeSigningActions } from '../story-support/signing-fakes';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { QrSigningDialog } from './QrSigningDialog';

const meta = {
  title: 'Signing/QrSigningDialog',
  component: QrSigningDialog,
  args: { actions: fakeSigningActions({}), onClose: () => undefined },
} satisfies Meta<typeof QrSigningDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for eGov mobile to scan the code, with the countdown. */
export const Waiting: Story = { ...inEnglish };

/** The app fetched the document, then signed it. */
export const Signed: Story = {
  args: { actions: fakeSigningActions({ qr: [['FETCHED'], ['SIGNED']], stepMs: 1500 }) },
  ...inRussian,
};

/** The time ran out: "The QR signing timeout was exceeded" and a new code. */
export const Expired: Story = {
  args: { actions: fakeSigningActions({ qr: [['EXPIRED', 'QR_SIGNING_TIMEOUT']], stepMs: 1500 }) },
};

/** On a phone the link opens eGov mobile directly. */
export const OnPhone: Story = { ...onPhone };

import type { Meta, StoryObj } from '@storybook/react';
import { fakeSigningActions } from '../story-support/signing-fakes';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { SignPanel } from './SignPanel';

const NO_TEST_SIGNER = { ncaLayerUrl: 'wss://127.0.0.1:13579', testSigner: null };

const meta = {
  title: 'Signing/SignPanel',
  component: SignPanel,
  args: {
    actions: fakeSigningActions({ qr: [['FETCHED'], ['SIGNED']] }),
    fileCount: 2,
    signingConfig: NO_TEST_SIGNER,
  },
} satisfies Meta<typeof SignPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** NCALayer or eGov mobile; signing two files shows the progress of each. */
export const Default: Story = {};

/** A development server: the NCALayer emulator with the NCA TEST keys is marked plainly. */
export const TestSigner: Story = {
  args: { signingConfig: { ncaLayerUrl: 'wss://127.0.0.1:13579', testSigner: { label: 'NCA RK TEST' } } },
  ...inEnglish,
};

/** NCALayer is not running: the catalogue's message after the attempt. */
export const NotRunning: Story = {
  args: { actions: fakeSigningActions({ ncaLayer: 'SIGNER_APP_NOT_RUNNING', files: 1 }) },
  ...inRussian,
};

/** Only NCALayer (no QR), on a phone. */
export const OnPhone: Story = { args: { qr: false }, ...onPhone };

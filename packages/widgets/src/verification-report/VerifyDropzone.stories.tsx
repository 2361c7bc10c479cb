import type { Meta, StoryObj } from '@storybook/react';
import { fakeAction, fakeFailure, onPhone } from '../story-support/story-fakes';
import { failedResult } from './fixtures';
import { VerifyDropzone } from './VerifyDropzone';

const meta = {
  title: 'Verification/VerifyDropzone',
  component: VerifyDropzone,
  args: { actions: { verifySignatures: fakeAction(failedResult) } },
} satisfies Meta<typeof VerifyDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet; choosing files and "Check" answer with a result after a short delay. */
export const Empty: Story = {};

/** The server answers that a PDF alone was not signed here. */
export const NotSigned: Story = {
  args: {
    actions: { verifySignatures: fakeFailure(422, 'DOCUMENT_NOT_SIGNED', 'The document is not signed') },
  },
};

/** At phone width. */
export const OnPhone: Story = { ...onPhone };

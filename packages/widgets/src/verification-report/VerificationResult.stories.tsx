import type { Meta, StoryObj } from '@storybook/react';
import { onPhone } from '../story-support/story-fakes';
import { cardResult, failedResult, passedResult, passedSignature } from './fixtures';
import { VerificationResult } from './VerificationResult';

const meta = {
  title: 'Verification/VerificationResult',
  component: VerificationResult,
  args: { result: passedResult },
} satisfies Meta<typeof VerificationResult>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stored file of a document signed here: one valid signature, with its IP address. */
export const Passed: Story = {};

/** Two uploaded signatures, one revoked: the verdict is "invalid". */
export const Failed: Story = { args: { result: failedResult } };

/** The indeterminate verdict at phone width. */
export const IndeterminateOnPhone: Story = {
  ...onPhone,
  args: {
    result: {
      ...failedResult,
      verdict: 'INDETERMINATE',
      signatures: [{ ...passedSignature, indication: 'INDETERMINATE', subIndication: 'TRY_LATER' }],
    },
  },
};

/** With the "Download report (PDF)" button (here it waits a second and succeeds). */
export const WithReportButton: Story = {
  args: { onDownloadReport: () => new Promise((resolve) => setTimeout(resolve, 1000)) },
};

/** A document card: its original and signature files, one signature short of the card's requirements. */
export const DocumentCard: Story = { args: { result: cardResult } };

import { setLocale } from '@qoltanba/sdk';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failedResult } from './fixtures';
import { VerificationResult, VerifyDropzone } from './index';

beforeEach(() => setLocale('en'));

describe('the lazily loaded verification widgets of the package entry', () => {
  it('render the result once its chunk has loaded', async () => {
    render(<VerificationResult result={failedResult} />);
    expect((await screen.findByRole('status')).textContent).toBe('A signature is invalid');
  });

  it('render the drop zone once its chunk has loaded', async () => {
    render(<VerifyDropzone />);
    expect(await screen.findByRole('button', { name: 'choose files' })).toBeTruthy();
  });
});

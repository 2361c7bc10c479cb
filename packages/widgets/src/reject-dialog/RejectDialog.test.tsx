import { ApiError, setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { RejectDialog, rejectReasonProblem } from './RejectDialog';
import * as stories from './RejectDialog.stories';
import { RevokeDialog } from './RevokeDialog';

const reasonField = () => screen.getByRole('textbox', { name: 'Reason' });

describe('RejectDialog', () => {
  beforeEach(() => setLocale('en'));

  itRendersStoriesAccessibly(stories, (container) => {
    expect(container.querySelector('[role="dialog"]')).toBeTruthy();
  });

  it("checks the reason with core's rule: 5 to 100 characters", () => {
    expect(rejectReasonProblem('abcd')).toBe('REJECT_COMMENT_LENGTH');
    expect(rejectReasonProblem('x'.repeat(101))).toBe('REJECT_COMMENT_LENGTH');
    expect(rejectReasonProblem('Wrong bank details')).toBeUndefined();
  });

  it('counts the characters live and refuses a short reason without calling the server', () => {
    const onReject = vi.fn(async () => undefined);
    render(<RejectDialog onReject={onReject} onClose={vi.fn()} />);
    expect(document.activeElement).toBe(reasonField());
    fireEvent.change(reasonField(), { target: { value: 'No' } });
    expect(screen.getByText('2 / 100')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).not.toHaveBeenCalled();
    expect(reasonField().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the trimmed reason, then closes', async () => {
    const onReject = vi.fn(async () => undefined);
    const onClose = vi.fn();
    const onRejected = vi.fn();
    render(<RejectDialog onReject={onReject} onClose={onClose} onRejected={onRejected} />);
    fireEvent.change(reasonField(), { target: { value: '  Wrong bank details ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onReject).toHaveBeenCalledExactlyOnceWith('Wrong bank details');
    expect(onRejected).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the user's language and stays open", async () => {
    setLocale('ru');
    const onClose = vi.fn();
    const onReject = vi.fn(async () => {
      throw new ApiError(409, 'ONLY_IN_PROGRESS_CAN_BE_REJECTED', 'x');
    });
    render(<RejectDialog onReject={onReject} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Причина' }), {
      target: { value: 'Не наш договор' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/./);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('RevokeDialog', () => {
  beforeEach(() => setLocale('en'));

  it('revokes on confirmation, and shows a refusal', async () => {
    const onRevoke = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(409, 'DOCUMENT_REVOKE_FORBIDDEN', 'x'))
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    render(<RevokeDialog onRevoke={onRevoke} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The document cannot be revoked: a participant has already signed it',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

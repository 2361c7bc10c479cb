import type { CodeSent } from '@qoltanba/core';
import { ApiError } from '@qoltanba/sdk';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCodeSending, useContactCodeSending } from './use-code-sending';
import { useFormStatus } from './use-form-status';

type Field = 'phone' | 'code';

function setup(request: (details: { phone: string }) => Promise<CodeSent>) {
  return renderHook(() => {
    const status = useFormStatus<Field>({ current: null });
    const sending = useCodeSending(status, request, { PHONE_MISMATCH: 'phone', INVALID_CODE: 'code' });
    return { status, sending };
  });
}

const sentAfter = (seconds: number) => ({ resendAfterSeconds: seconds, expiresInSeconds: 300 });

describe('useCodeSending', () => {
  it('enters the code step on a send and starts it afresh on the next one', async () => {
    const request = vi.fn(async () => sentAfter(60));
    const { result } = setup(request);
    expect(result.current.sending.sent).toBeUndefined();

    await act(async () => expect(await result.current.sending.send({ phone: '+77012345678' })).toBe(true));
    expect(result.current.sending.sent).toEqual({
      details: { phone: '+77012345678' },
      resendAfterSeconds: 60,
      round: 1,
    });
    act(() => result.current.sending.setCode('123'));
    await act(async () => {
      await result.current.sending.send({ phone: '+77012345679' });
    });
    expect(result.current.sending.sent?.round).toBe(2);
    expect(result.current.sending.sent?.details).toEqual({ phone: '+77012345679' });
    expect(result.current.sending.code).toBe('');
  });

  it('resends for the details of the current step and reports the new wait', async () => {
    const request = vi.fn(async () => sentAfter(60));
    const { result } = setup(request);
    await act(async () => {
      await result.current.sending.send({ phone: '+77012345678' });
    });
    request.mockResolvedValueOnce(sentAfter(90));
    let resent: unknown;
    await act(async () => {
      resent = await result.current.sending.resend();
    });
    expect(resent).toEqual(sentAfter(90));
    expect(request).toHaveBeenLastCalledWith({ phone: '+77012345678' });
    expect(result.current.sending.sent?.round).toBe(1);
  });

  it('stays out of the code step when the send fails, with the error at its field', async () => {
    const { result } = setup(async () => {
      throw new ApiError(400, 'PHONE_MISMATCH', 'mismatch');
    });
    await act(async () => expect(await result.current.sending.send({ phone: '+77012345678' })).toBe(false));
    expect(result.current.sending.sent).toBeUndefined();
    expect(result.current.status.errors.phone?.code).toBe('PHONE_MISMATCH');
  });

  it('resends nothing before a send, and goes back with errors and code cleared', async () => {
    const request = vi.fn(async () => sentAfter(0));
    const { result } = setup(request);
    await act(async () => expect(await result.current.sending.resend()).toBeUndefined());
    expect(request).not.toHaveBeenCalled();

    await act(async () => {
      await result.current.sending.send({ phone: '+77012345678' });
    });
    act(() => {
      result.current.sending.setCode('12');
      result.current.status.validate({ code: { code: 'INVALID_CODE' } });
    });
    act(() => result.current.sending.back());
    expect(result.current.sending.sent).toBeUndefined();
    expect(result.current.sending.code).toBe('');
    expect(result.current.status.errors).toEqual({});
  });
});

describe('useContactCodeSending', () => {
  function setupContact(request: (target: { channel: string; target: string }) => Promise<CodeSent>) {
    return renderHook(() => {
      const status = useFormStatus<'login' | 'code'>({ current: null });
      const sending = useContactCodeSending(status, 'login', request, { ACCOUNT_NOT_FOUND: 'login' });
      return { status, sending };
    });
  }

  it('refuses what is neither an e-mail nor a phone at its field, and sends nothing', async () => {
    const request = vi.fn(async () => sentAfter(60));
    const { result } = setupContact(request);
    await act(() => result.current.sending.sendTo(''));
    expect(result.current.status.errors.login).toEqual({ code: 'REQUIRED' });
    await act(() => result.current.sending.sendTo('not a contact'));
    expect(result.current.status.errors.login).toEqual({ code: 'INVALID_LOGIN' });
    expect(request).not.toHaveBeenCalled();
    expect(result.current.sending.sent).toBeUndefined();
  });

  it('sends by SMS to a phone and by e-mail to an address, showing the target as people read it', async () => {
    const request = vi.fn(async () => sentAfter(60));
    const { result } = setupContact(request);
    await act(() => result.current.sending.sendTo('8 701 234 56 78'));
    expect(request).toHaveBeenLastCalledWith(expect.objectContaining({ channel: 'sms' }));
    expect(result.current.sending.sent?.details.shownTarget).toBe('+7 701 234 56 78');
    await act(() => result.current.sending.sendTo(' Ann@Example.kz '));
    expect(request).toHaveBeenLastCalledWith(expect.objectContaining({ channel: 'email' }));
    expect(result.current.sending.sent?.round).toBe(2);
  });

  it('puts a refusal of the server at the field it names', async () => {
    const request = vi.fn(async () => {
      throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'not found');
    });
    const { result } = setupContact(request);
    await act(() => result.current.sending.sendTo('ann@example.kz'));
    expect(result.current.status.errors.login).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect(result.current.sending.sent).toBeUndefined();
  });
});

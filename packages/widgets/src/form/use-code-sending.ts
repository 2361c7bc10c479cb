import type { CodeSent, ErrorCode } from '@qoltanba/core';
import { useCallback, useState } from 'react';
import type { ResendResult } from '../code-input/CodeInput';
import type { ShownError } from './shown-error';
import type { FormStatus } from './use-form-status';
import { type CodeTarget, codeTargetOf, loginTargetError } from './validators';

/** A code sent for `details` (what the form sent it for), and how long until a new one may be asked for. */
export interface SentCode<D> {
  details: D;
  resendAfterSeconds: number;
  /** Bumped on each send so the code field and its countdown start afresh. */
  round: number;
}

/** What {@link useCodeSending} returns: the state of a form's code step and the moves in and out of it. */
export interface CodeSending<D> {
  /** The code step, once a code has been sent. */
  sent: SentCode<D> | undefined;
  /** The code typed so far. */
  code: string;
  setCode: (code: string) => void;
  /** Asks for a code for `details`; on success the code step starts afresh (empty code, new countdown). */
  send: (details: D) => Promise<boolean>;
  /** Asks again for the current step's details (the code field's resend button). */
  resend: () => Promise<ResendResult>;
  /** Leaves the code step; what was typed before it stays with the form. */
  back: () => void;
}

/**
 * The code step shared by the account forms: `request` sends a code for some details (through `status`, so
 * failures land next to their field by `fieldByCode` or in the alert), the step remembers them for resends.
 */
export function useCodeSending<D, F extends string>(
  status: FormStatus<F>,
  request: (details: D) => Promise<CodeSent>,
  fieldByCode: Partial<Record<ErrorCode, F>>,
): CodeSending<D> {
  const [sent, setSent] = useState<SentCode<D>>();
  const [code, setCode] = useState('');

  const send = async (details: D): Promise<boolean> => {
    const answer = await status.submit(() => request(details), fieldByCode);
    if (!answer.ok) return false;
    setCode('');
    setSent((previous) => ({
      details,
      resendAfterSeconds: answer.value.resendAfterSeconds,
      round: (previous?.round ?? 0) + 1,
    }));
    return true;
  };

  const resend = async (): Promise<ResendResult> => {
    if (!sent) return undefined;
    const { details } = sent;
    const answer = await status.submit(() => request(details), fieldByCode);
    return answer.ok ? answer.value : undefined;
  };

  const { reset } = status;
  const back = useCallback((): void => {
    reset();
    setCode('');
    setSent(undefined);
  }, [reset]);

  return { sent, code, setCode, send, resend, back };
}

/** What {@link useContactCodeSending} returns: {@link CodeSending}, and sending to what the user typed. */
export interface ContactCodeSending extends CodeSending<CodeTarget> {
  /** Checks that `typed` is an e-mail or Kazakh mobile number (the problem shows at the form's field) and sends. */
  sendTo: (typed: string) => Promise<void>;
}

/**
 * {@link useCodeSending} for a code sent to the e-mail or phone the user typed in `field` (login, registration,
 * recovery): the channel follows from what was typed.
 */
export function useContactCodeSending<F extends string>(
  status: FormStatus<F>,
  field: F,
  request: (target: CodeTarget) => Promise<CodeSent>,
  fieldByCode: Partial<Record<ErrorCode, F>>,
): ContactCodeSending {
  const sending = useCodeSending(status, request, fieldByCode);
  const sendTo = async (typed: string): Promise<void> => {
    const target = codeTargetOf(typed);
    const found = { [field]: loginTargetError(typed) } as { [K in F]?: ShownError };
    if (status.validate(found) && target) await sending.send(target);
  };
  return { ...sending, sendTo };
}

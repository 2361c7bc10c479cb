import type { Document, Lang, ReminderStatus } from '@qoltanba/core';
import { errorTextOf, getReminders, isApiError, remindSigners, showSnackbar } from '@qoltanba/sdk';
import { useEffect, useState } from 'react';

/** The reminder state of the card: who may be reminded and when each may be reminded again (epoch ms). */
export interface Reminders {
  remindable: string[];
  availableAt: Record<string, number>;
  remind?: (identityNumber: string) => void;
  /** Reminds every signer that may be reminded now (those still counting down are skipped by the server). */
  remindAll?: () => void;
}

function fromStatus(status: ReminderStatus): Pick<Reminders, 'remindable' | 'availableAt'> {
  const readAt = Date.now();
  return {
    remindable: status.signers.map((s) => s.identityNumber),
    availableAt: Object.fromEntries(
      status.signers.map((s) => [s.identityNumber, readAt + s.secondsLeft * 1000]),
    ),
  };
}

/**
 * The sender's reminders of a document being signed: the server's status (the signers whose turn has come and the
 * seconds left of each cooldown), `remind`, which reminds one signer and restarts its countdown (a refusal's
 * `params.wait` too), and `remindAll`. Nothing for anybody else or another status.
 */
export function useReminders(document: Document | undefined, lang: Lang, remindedText: string): Reminders {
  const [state, setState] = useState<Pick<Reminders, 'remindable' | 'availableAt'>>({
    remindable: [],
    availableAt: {},
  });
  const id = document?.id;
  const active = document?.role === 'sender' && document.lifecycleStatus === 'AT_SIGNING';
  useEffect(() => {
    if (!active || id === undefined) return;
    let live = true;
    getReminders(id).then(
      (status) => {
        if (live) setState(fromStatus(status));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [active, id]);
  if (!active || id === undefined) return { remindable: [], availableAt: {} };
  const remindSome = (identityNumber?: string) => {
    remindSigners(id, identityNumber).then(
      (status) => {
        setState(fromStatus(status));
        showSnackbar({ message: remindedText, kind: 'success' });
      },
      (error: unknown) => {
        const wait = isApiError(error) ? error.params?.wait : undefined;
        if (typeof wait === 'number' && identityNumber !== undefined) {
          setState((s) => ({
            ...s,
            availableAt: { ...s.availableAt, [identityNumber]: Date.now() + wait * 1000 },
          }));
        }
        showSnackbar({ message: errorTextOf(error, lang), kind: 'error' });
      },
    );
  };
  return { ...state, remind: remindSome, remindAll: () => remindSome() };
}

import { SNACKBAR_TIMEOUT_MS } from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';

/** Visual meaning of a snackbar. */
export type SnackbarKind = 'info' | 'success' | 'error';

/** One snackbar on screen. */
export interface Snackbar {
  id: string;
  message: string;
  kind: SnackbarKind;
  /** Auto-dismiss delay; 0 or Infinity keeps it until dismissed. */
  timeoutMs: number;
}

const snackbars = atom<Snackbar[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

/** Snackbars currently shown, oldest first. */
export const $snackbars: ReadableAtom<Snackbar[]> = snackbars;

/**
 * Shows a snackbar and returns its id. It dismisses itself after `timeoutMs` (SNACKBAR_TIMEOUT_MS, 5 s,
 * by default; 0 or Infinity keeps it until `dismissSnackbar`).
 *
 * @example showSnackbar({ message: t('saved'), kind: 'success' })
 */
export function showSnackbar(input: { message: string; kind?: SnackbarKind; timeoutMs?: number }): string {
  counter += 1;
  const snackbar: Snackbar = {
    id: `snackbar-${counter}`,
    message: input.message,
    kind: input.kind ?? 'info',
    timeoutMs: input.timeoutMs ?? SNACKBAR_TIMEOUT_MS,
  };
  snackbars.set([...snackbars.get(), snackbar]);
  if (snackbar.timeoutMs > 0 && Number.isFinite(snackbar.timeoutMs)) {
    timers.set(
      snackbar.id,
      setTimeout(() => dismissSnackbar(snackbar.id), snackbar.timeoutMs),
    );
  }
  return snackbar.id;
}

/** Removes a snackbar now; unknown ids are ignored. */
export function dismissSnackbar(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const current = snackbars.get();
  if (current.some((snackbar) => snackbar.id === id)) {
    snackbars.set(current.filter((snackbar) => snackbar.id !== id));
  }
}

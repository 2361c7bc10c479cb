import { isTariffRefusal } from '@qoltanba/core';
import type { ApiError } from './apiError';

const listeners = new Set<(error: ApiError) => void>();

/**
 * Tells the {@link onTariffRefusal} listeners when `error` refused a write for want of a tariff (core's
 * `isTariffRefusal`: a send answered 402 FREE_TARIFF_ALREADY_USED or TARIFF_EXPIRED). Reads are left out: the
 * active-tariff query answers FREE_TARIFF_ALREADY_USED as its state, and a store refreshing on it would loop.
 */
export function noteTariffRefusal(method: string | undefined, error: ApiError): void {
  if ((method ?? 'GET').toUpperCase() === 'GET' || !isTariffRefusal(error.code)) return;
  for (const listener of [...listeners]) listener(error);
}

/** Calls `listener` after any call of any client is refused for the tariff; answers the unsubscribe function. */
export function onTariffRefusal(listener: (error: ApiError) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

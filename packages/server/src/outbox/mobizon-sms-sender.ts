import { AppError } from '@qoltanba/core';
import type { SmsSender } from './messages.js';

/** Settings of {@link createMobizonSmsSender}. */
export interface MobizonOptions {
  apiKey: string;
  /** Service root, e.g. `https://api.mobizon.kz/service`. */
  baseUrl: string;
  /** Registered alpha name; Mobizon's shared one when absent. */
  from?: string | undefined;
  /** Abandon a request after this long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The JSON envelope of every Mobizon answer: `code` 0 means accepted. */
interface MobizonAnswer {
  code?: unknown;
  message?: unknown;
  data?: { messageId?: unknown } | null;
}

/**
 * An {@link SmsSender} over Mobizon's HTTP API (`message/sendSmsMessage`), the gateway most Kazakh services
 * use. A refused or failed send throws SERVICE_UNAVAILABLE, so the caller answers 503 rather than claiming a
 * code went out.
 */
export function createMobizonSmsSender(options: MobizonOptions): SmsSender {
  const send = options.fetch ?? globalThis.fetch;
  const endpoint = new URL(`${options.baseUrl.replace(/\/+$/, '')}/message/sendSmsMessage`);
  endpoint.searchParams.set('output', 'json');
  endpoint.searchParams.set('api', 'v1');
  endpoint.searchParams.set('apiKey', options.apiKey);

  return {
    async send(message) {
      const body = new URLSearchParams({ recipient: message.to.replace(/^\+/, ''), text: message.text });
      if (options.from) body.set('from', options.from);
      let answer: MobizonAnswer;
      try {
        const response = await send(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        answer = (await response.json()) as MobizonAnswer;
      } catch (cause) {
        throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause });
      }
      if (answer.code !== 0) {
        const reason = `Mobizon refused the SMS: [${String(answer.code)}] ${String(answer.message ?? '')}`;
        throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: new Error(reason) });
      }
    },
  };
}

import { type ApiKeyCreated, apiPath, EMBED_PATHS, PARTNER_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll } from 'vitest';
import { call } from '../../../testing/accounts.js';
import { type HttpRecorder, startHttpRecorder } from '../../../testing/http-recorder.js';
import { type SigningSuite, useSigningSuite } from '../../../testing/signing.js';
import { createSigningPki, type SigningPki } from '../../../testing/signing-pki.js';
import type { TestBackend } from '../../../testing/test-databases.js';
import { webhookSecrets } from '../webhook-secrets.js';
import { runWebhookRound } from '../webhooks.js';

/** The portal's public address in the partner suites. */
export const PARTNER_PUBLIC_URL = 'https://qoltanba.example.kz';
/** The partner's site an API key allows by default. */
export const PARTNER_ORIGIN = 'https://shop.partner.kz';
/** A site no key allows. */
export const OTHER_SITE = 'https://evil.example.com';

/** A local receiver of webhooks: what it got, and the statuses it answers next (200 when none is left). */
export interface WebhookReceiver {
  readonly recorder: HttpRecorder;
  answers: number[];
}

/** The partner API suite (keys, their document API, embedding, webhooks) and its helpers; see {@link usePartnerSuite}. */
export interface PartnerSuite {
  suite: SigningSuite;
  pki: SigningPki;
  webhooks: WebhookReceiver;
  /** One webhook delivery round as the partner module's job runs it. */
  round(): ReturnType<typeof runWebhookRound>;
  keysPath(bin: string): string;
  keyPath(bin: string, keyId: string): string;
  /** Creates a key of company `bin` through the portal route as its administrator. */
  createKey(
    bin: string,
    token: string,
    input?: { name?: string; allowedOrigins?: string[]; webhookUrl?: string | null },
  ): Promise<ApiKeyCreated>;
  /** A partner API call with key `key`. */
  partner(key: string, method: 'GET' | 'POST', path: string, body?: unknown): ReturnType<typeof call>;
  embedToken(key: string, body: Record<string, unknown>): ReturnType<typeof call>;
  /** Exchanges an embed token for a session from `origin` (none: no Origin header). */
  exchange(token: string, origin?: string | null): ReturnType<typeof call>;
  /** A call of an embed session from `origin`. */
  session(
    bearer: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    origin?: string,
  ): ReturnType<typeof call>;
}

/**
 * A signing suite for the partner module's tests with a local webhook receiver (on 127.0.0.1: private addresses
 * allowed here; webhook-ssrf.test.ts refuses them) and the partner API's helpers.
 */
export function usePartnerSuite(backend: TestBackend): PartnerSuite {
  const pki = createSigningPki();
  const suite = useSigningSuite(backend, {
    pki,
    env: {
      QOLTANBA_PUBLIC_URL: PARTNER_PUBLIC_URL,
      QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '0',
      QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
  let recorder: HttpRecorder | undefined;
  const webhooks: WebhookReceiver = {
    get recorder() {
      if (!recorder) throw new Error('the webhook receiver starts before the tests');
      return recorder;
    },
    answers: [],
  };
  beforeAll(async () => {
    recorder = await startHttpRecorder(() => ({
      status: webhooks.answers.shift() ?? 200,
      json: { ok: true },
    }));
  });
  afterAll(async () => {
    await recorder?.close();
  });

  const keysPath = (bin: string) => apiPath(PARTNER_PATHS.apiKeys, { bin });
  const partner: PartnerSuite['partner'] = (key, method, path, body) =>
    call(suite.server, method, `${path}?lang=en`, { token: key, body });
  return {
    suite,
    pki,
    webhooks,
    round: () =>
      runWebhookRound(suite.server.services.database.db, {
        clock: suite.clock.now,
        secrets: webhookSecrets(suite.server.config.tokenSecret),
        policy: suite.server.config.webhookTargets,
        resolve: suite.server.services.resolveHost,
      }),
    keysPath,
    keyPath: (bin, keyId) => apiPath(PARTNER_PATHS.apiKey, { bin, keyId }),
    async createKey(bin, token, input = {}) {
      const res = await suite.request(token, 'POST', `${keysPath(bin)}?lang=en`, {
        name: 'Shop',
        allowedOrigins: [PARTNER_ORIGIN],
        ...input,
      });
      if (res.statusCode !== 201) throw new Error(`createApiKey: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    partner,
    embedToken: (key, body) => partner(key, 'POST', PARTNER_PATHS.embedTokens, body),
    exchange: (token, origin = PARTNER_ORIGIN) =>
      call(suite.server, 'POST', `${EMBED_PATHS.sessions}?lang=en`, {
        body: { token },
        headers: origin ? { origin } : {},
      }),
    session: (bearer, method, path, body, origin = PARTNER_ORIGIN) =>
      call(suite.server, method, `${path}?lang=en`, { token: bearer, body, headers: { origin } }),
  };
}

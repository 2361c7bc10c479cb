import { NCALAYER_DEFAULT_URL, SIGNING_PATHS, signingConfigSchema } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.js';

describe('getSigningConfig', () => {
  it("sends browsers to NCALayer's standard address, with no test signer, and lets the portal connect to it", async () => {
    const server = await createTestApp();
    try {
      const res = await server.app.inject({ method: 'GET', url: SIGNING_PATHS.config });
      expect(res.statusCode).toBe(200);
      expect(signingConfigSchema.parse(res.json())).toEqual({
        ncaLayerUrl: NCALAYER_DEFAULT_URL,
        testSigner: null,
      });
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' wss://127.0.0.1:13579;");
    } finally {
      await server.close();
    }
  });

  it('names the development signer and allows exactly its origin besides the configured NCALayer', async () => {
    const server = await createTestApp({
      env: { QOLTANBA_NCALAYER_URL: 'wss://127.0.0.1:13579' },
      devSigner: { url: 'ws://127.0.0.1:13580', label: 'NCA RK TEST keys' },
    });
    try {
      const res = await server.app.inject({ method: 'GET', url: SIGNING_PATHS.config });
      expect(res.json()).toEqual({
        ncaLayerUrl: 'ws://127.0.0.1:13580',
        testSigner: { label: 'NCA RK TEST keys' },
      });
      expect(res.headers['content-security-policy']).toContain(
        "connect-src 'self' wss://127.0.0.1:13579 ws://127.0.0.1:13580;",
      );
    } finally {
      await server.close();
    }
  });
});

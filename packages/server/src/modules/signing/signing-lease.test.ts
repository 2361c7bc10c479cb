import { apiPath, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it, vi } from 'vitest';
import { createApp, type QoltanbaApp } from '../../app.js';
import { type Deferred, deferred } from '../../testing/deferred.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { holdSigningLock, SIGNING_LOCK_SECONDS, takeSigningLock } from './signing-locks.js';

const { signer } = COMPANIES;
const pki = createSigningPki();
/** The heartbeat of the instances in these tests: fast, so the test waits for beats, never for the real period. */
const RENEW_MS = 20;

describe.each(testDatabases())('signing lock leases on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const db = () => suite.server.services.database.db;
  const lockedUntil = async (documentId: number) =>
    (
      await db()
        .selectFrom('signing_locks')
        .select('locked_until')
        .where('document_id', '=', documentId)
        .executeTakeFirst()
    )?.locked_until;
  /** Waits until a heartbeat renewed the lease past the suite's clock (as it stands now). */
  const renewedPastNow = (documentId: number) =>
    vi.waitFor(
      async () => {
        const until = await lockedUntil(documentId);
        expect(until && new Date(until).getTime()).toBeGreaterThan(suite.clock.now().getTime());
      },
      { timeout: 5000, interval: 10 },
    );

  /** A second instance on the same database whose signings wait at `gate` once they hold the lock. */
  async function slowInstance(gate: Deferred, reached: Deferred, renewMs = RENEW_MS): Promise<QoltanbaApp> {
    return createApp(
      { ...suite.server.config, shutdownMs: 100 },
      {
        database: suite.server.services.database,
        blobs: suite.server.services.blobs,
        clock: suite.clock.now,
        logStream: { write: () => undefined },
        verifyPassword: async () => true,
        verifier: suite.server.services.verifier,
        signingLockRenewMs: renewMs,
        beforeSignatureCheck: async () => {
          reached.resolve();
          await gate.promise;
        },
      },
    );
  }

  it('a live holder slower than the lease keeps its lock: elsewhere the signer is told to wait; then it signs', async () => {
    const document = await suite.document();
    const body = await suite.signBody(document, pki.head(signer.bin));
    const gate = deferred();
    const reached = deferred();
    const slow = await slowInstance(gate, reached);
    try {
      const answer = slow.app.inject({
        method: 'POST',
        url: apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) }),
        headers: { authorization: `Bearer ${suite.tokens.signer}` },
        payload: body,
      });
      await reached.promise;
      // Three leases pass on the clock while the signing works; each time its heartbeat has moved the lease on.
      for (let lease = 0; lease < 3; lease++) {
        suite.clock.advance(SIGNING_LOCK_SECONDS + 1);
        await renewedPastNow(document.id);
        expect((await suite.sign(document, signer.bin)).json().code).toBe('DOCUMENT_SIGNING_LOCKED');
      }
      gate.resolve();
      const res = await answer;
      expect([res.statusCode, res.json().status]).toEqual([200, 'SIGNED']);
      // Released with the answer.
      expect(await lockedUntil(document.id)).toBeUndefined();
    } finally {
      gate.resolve();
      await slow.close();
    }
  });

  it('a holder that stops renewing (its instance died) frees the lock within SIGNING_LOCK_SECONDS', async () => {
    expect(SIGNING_LOCK_SECONDS).toBeLessThanOrEqual(10);
    const document = await suite.document();
    // What a killed instance leaves: a lock taken, never renewed, never released.
    expect(await takeSigningLock(db(), document.id, signer.bin, suite.clock.now())).toBeDefined();
    suite.clock.advance(SIGNING_LOCK_SECONDS - 1);
    expect((await suite.sign(document, signer.bin)).json().code).toBe('DOCUMENT_SIGNING_LOCKED');
    suite.clock.advance(2);
    const res = await suite.sign(document, signer.bin);
    expect([res.statusCode, res.json().status]).toEqual([200, 'SIGNED']);
  });

  it('a beating lease keeps the lock from anybody else however far the clock moves; released, it is free', async () => {
    const document = await suite.document();
    const lease = await holdSigningLock(db(), document.id, signer.bin, suite.clock.now, RENEW_MS);
    expect(lease).toBeDefined();
    // Held: nobody else gets it, however far the clock moves, as long as it beats.
    suite.clock.advance(SIGNING_LOCK_SECONDS * 5);
    await renewedPastNow(document.id);
    expect(await takeSigningLock(db(), document.id, signer.bin, suite.clock.now())).toBeUndefined();
    await lease?.release();
    expect(await lockedUntil(document.id)).toBeUndefined();
    expect(await takeSigningLock(db(), document.id, signer.bin, suite.clock.now())).toBeDefined();
  });

  it('a holder whose lease ended and was taken over never commits its signing', async () => {
    const document = await suite.document();
    const body = await suite.signBody(document, pki.head(signer.bin));
    const gate = deferred();
    const reached = deferred();
    // A heartbeat that never beats in the test's time: a holder stalled past its lease.
    const stalled = await slowInstance(gate, reached, 3_600_000);
    try {
      const answer = stalled.app.inject({
        method: 'POST',
        url: apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) }),
        headers: { authorization: `Bearer ${suite.tokens.signer}` },
        payload: body,
      });
      await reached.promise;
      suite.clock.advance(SIGNING_LOCK_SECONDS + 1);
      const taken = await suite.sign(document, signer.bin);
      expect([taken.statusCode, taken.json().status]).toEqual([200, 'SIGNED']);
      gate.resolve();
      expect((await answer).json().code).toBe('DOCUMENT_SIGNING_LOCKED');
      const signatures = await db()
        .selectFrom('signatures')
        .select('identity_number')
        .where('document_id', '=', document.id)
        .execute();
      expect(signatures).toHaveLength(1);
    } finally {
      gate.resolve();
      await stalled.close();
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiPath,
  DOCUMENT_PATHS,
  type Document,
  type DocumentDraft,
  NOTIFICATION_PATHS,
  type NotificationUnread,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type QoltanbaApp } from '../../app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { openPostgres } from '../../db/database.js';
import { putBlob } from '../../files/pending-blobs.js';
import { createVerifier, type Verifier } from '../../pki/index.js';
import { COMPANIES, testDraft } from '../../testing/documents.js';
import { openEventStream } from '../../testing/event-stream-reader.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { openTestPostgres } from '../../testing/test-databases.js';
import { createDocument } from '../documents/index.js';

const { sender, signer, second } = COMPANIES;
const pki = createSigningPki();
const url = process.env.TEST_DATABASE_URL ?? '';
/** Races per kind: TEST_RACE_ROUNDS, the 1,000 by default (fewer for a quick local run). */
const ROUNDS = Number(process.env.TEST_RACE_ROUNDS ?? 1000);
/** Documents made at once before the races, and races run at once (each on its own document). */
const CREATING_AT_ONCE = 4;
const RACES_AT_ONCE = 8;
/** The one file of every race document: the same bytes, so each signer's CMS is made once. */
const CONTENT = Buffer.from('%PDF-1.4\n%race\n%%EOF\n');
/** What the losing attempt of one signer twice may answer. */
const REFUSALS = ['DOCUMENT_SIGNING_LOCKED', 'ALREADY_SIGNED_BY_BIN', 'DOCUMENT_ALREADY_SIGNED'];
type RaceKind = 'two signers' | 'one signer twice';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Each race's pause (ms) between a signer's lock and its verification, by `document:signer`, drawn before the race. */
const checkPauses = new Map<string, number>();
let unpaused = 0;
/** The hook both instances run at the check: the pause its race drew for that lock. */
const atCheck = async ({ documentId, identityNumber }: { documentId: number; identityNumber: string }) => {
  const pause = checkPauses.get(`${documentId}:${identityNumber}`);
  if (pause === undefined) unpaused += 1;
  await sleep(pause ?? 0);
};

/** Runs `work` over `items`, at most `atOnce` at a time; answers the results in the items' order. */
async function inBatches<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let taken = 0;
  const worker = async () => {
    while (taken < items.length) {
      const i = taken++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

/** `value` of each row, by its document. */
function groupBy<T extends { document_id: number }>(rows: readonly T[], value: (row: T) => string) {
  const groups = new Map<number, string[]>();
  for (const row of rows) groups.set(row.document_id, [...(groups.get(row.document_id) ?? []), value(row)]);
  return groups;
}

/** A small seeded generator (mulberry32): a failing run is replayed with its seed (TEST_RACE_SEED). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.skipIf(!url)('two instances on one PostgreSQL database: signing races', () => {
  // Instance A is the suite's server on its own pool; instance B another app on a second pool of the same schema.
  let shared: (DatabaseHandle & { schema: string }) | undefined;
  const backend = {
    name: 'postgres' as const,
    async open(): Promise<DatabaseHandle> {
      shared = await openTestPostgres(url);
      return shared;
    },
  };
  const seed = Number(process.env.TEST_RACE_SEED ?? Date.now() % 1_000_000);
  // Neither instance stamps (B never did): the TSA's stamp is not what races, the lock and the commit are.
  const suite = useSigningSuite(backend, { pki, timestamping: false });
  let b: QoltanbaApp | undefined;
  let bPool: DatabaseHandle | undefined;
  let engine: Verifier | undefined;
  let trustDir = '';
  beforeAll(async () => {
    trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-trust-b-'));
    await pki.writeTrustDir(trustDir);
    engine = await createVerifier({ trustDir, offline: true, now: suite.clock.now });
    bPool = openPostgres(url, { max: 4, searchPath: shared?.schema ?? '' });
    const verifier = engine;
    b = await createApp(suite.server.config, {
      database: bPool,
      blobs: suite.server.services.blobs,
      clock: suite.clock.now,
      logStream: { write: () => undefined },
      verifyPassword: async () => true,
      verifier: {
        verifyCms: (input) => verifier.verifyCms(input),
        verifyXml: (input) => verifier.verifyXml(input),
        verifyCard: (input) => verifier.verifyCard(input),
        secureCms: (input) => verifier.secureCms(input),
      },
      beforeSignatureCheck: atCheck,
    });
  });
  afterAll(async () => {
    await b?.close();
    await bPool?.close();
    await rm(trustDir, { recursive: true, force: true });
  });

  const tokenOf = (bin: string) => (bin === signer.bin ? suite.tokens.signer : suite.tokens.second);
  /** The CMS of each signer over {@link CONTENT}, made once: every race document holds that file. */
  const cmsOf = new Map<string, string>();
  /** Signs through instance A or B after `pause` ms: status and error code. */
  async function signThrough(instance: 'A' | 'B', document: Document, bin: string, pause: number) {
    let cms = cmsOf.get(bin);
    if (!cms) {
      cms = suite.cms(CONTENT, pki.head(bin));
      cmsOf.set(bin, cms);
    }
    await sleep(pause);
    const app = instance === 'A' ? suite.server.app : (b as QoltanbaApp).app;
    const res = await app.inject({
      method: 'POST',
      url: apiPath(SIGNING_PATHS.sign, { bin, id: String(document.id) }),
      headers: { authorization: `Bearer ${tokenOf(bin)}` },
      payload: { signatures: document.files.map((file) => ({ fileId: file.id, cms })) },
    });
    return res.statusCode === 200 ? 'OK' : (res.json() as { code: string }).code;
  }

  /**
   * A sent document of the sender with {@link CONTENT} as its one file: made through the documents module's front
   * door (its blob stored the server's one way), sent through the API as a sender would (its links queued, mailed).
   */
  async function raceDocument(draft: Partial<DocumentDraft>, userId: string): Promise<Document> {
    const { db } = suite.server.services.database;
    const { blobs, clock } = suite.server.services;
    const stored = await putBlob({ db, blobs, clock }, CONTENT);
    const id = await createDocument(
      { db, blobs, clock, quotaBytes: suite.server.config.storageQuotaBytes },
      { userId, bin: sender.bin, ip: '127.0.0.1' },
      testDraft(draft),
      [
        {
          name: 'contract.pdf',
          format: 'pdf',
          size: stored.size,
          sha256: stored.sha256,
          blobKey: stored.key,
        },
      ],
    );
    const sent = await suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(DOCUMENT_PATHS.send, { bin: sender.bin, id: String(id) }),
    );
    if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
    return sent.json() as Document;
  }

  it(`${ROUNDS} races of two signers and ${ROUNDS} of one signer twice, alternately through both`, async () => {
    suite.beforeCheck = atCheck;
    // The documents first, a few at a time: making them is not the race.
    const db = suite.server.services.database.db;
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sender@example.kz')
      .executeTakeFirstOrThrow();
    const races = await inBatches(
      Array.from({ length: 2 * ROUNDS }, (_, index) => index),
      CREATING_AT_ONCE,
      async (index) => {
        const kind: RaceKind = index % 2 === 0 ? 'two signers' : 'one signer twice';
        const draft = kind === 'two signers' ? twoSigners() : {};
        return { index, kind, document: await raceDocument(draft, userId) };
      },
    );
    const codes = await inBatches(races, RACES_AT_ONCE, async ({ index, kind, document }) => {
      // Each race draws from its own generator, so one race replays alike whatever ran beside it.
      const next = random((seed + Math.imul(index + 1, 0x9e3779b9)) >>> 0);
      const pause = () => Math.floor(next() * 4);
      const round = Math.floor(index / 2);
      const first: 'A' | 'B' = round % 2 === 0 ? 'A' : 'B';
      const other = first === 'A' ? 'B' : 'A';
      if (kind === 'two signers') {
        // Two signers at once on a parallel document: both sign, it completes once.
        const [x, y] = next() < 0.5 ? [signer.bin, second.bin] : [second.bin, signer.bin];
        checkPauses.set(`${document.id}:${x}`, pause());
        checkPauses.set(`${document.id}:${y}`, pause());
        return Promise.all([
          signThrough(first, document, x, pause()),
          signThrough(other, document, y, pause()),
        ]);
      }
      // One signer twice at once on a one-signer document: one signature, the other attempt refused (before the
      // check: only the lock's holder pauses there).
      checkPauses.set(`${document.id}:${signer.bin}`, pause());
      return Promise.all([
        signThrough(first, document, signer.bin, pause()),
        signThrough(other, document, signer.bin, pause()),
      ]);
    });
    // What the races left, read once for all documents: signatures, SIGN and COMPLETE events, status.
    const ids = races.map((race) => race.document.id);
    const signatures = await db
      .selectFrom('signatures')
      .select(['document_id', 'identity_number'])
      .where('document_id', 'in', ids)
      .execute();
    const events = await db
      .selectFrom('document_history')
      .select(['document_id', 'type'])
      .where('document_id', 'in', ids)
      .where('type', 'in', ['SIGN', 'COMPLETE'])
      .execute();
    const signersOf = groupBy(signatures, (row) => row.identity_number);
    const typesOf = groupBy(events, (row) => row.type);
    const statuses = new Map(
      (await db.selectFrom('documents').select(['id', 'status']).where('id', 'in', ids).execute()).map(
        (row) => [row.id, row.status],
      ),
    );
    const failures: string[] = [];
    for (const [i, { index, kind, document }] of races.entries()) {
      const got = codes[i] ?? [];
      const signedBy = (signersOf.get(document.id) ?? []).sort();
      const types = typesOf.get(document.id) ?? [];
      const count = (type: string) => types.filter((t) => t === type).length;
      const outcome = [got, statuses.get(document.id), signedBy, count('SIGN'), count('COMPLETE')];
      const refused = got.filter((code) => code !== 'OK');
      const fine =
        kind === 'two signers'
          ? JSON.stringify(outcome) ===
            JSON.stringify([['OK', 'OK'], 'SIGNED', [signer.bin, second.bin].sort(), 2, 1])
          : refused.length === 1 &&
            REFUSALS.includes(refused[0] ?? '') &&
            JSON.stringify(outcome.slice(1)) === JSON.stringify(['SIGNED', [signer.bin], 1, 1]);
      if (!fine) failures.push(`${kind}, round ${Math.floor(index / 2)}: ${JSON.stringify(outcome)}`);
    }
    expect(unpaused, 'signings that reached the check outside a race').toBe(0);
    expect(failures, `seed ${seed} (TEST_RACE_SEED)`).toEqual([]);
  }, 600_000);

  it('updates the unread counter live on A when the event happens on B (each on its own pool)', async () => {
    suite.beforeCheck = undefined;
    const origin = await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
    const reader = await openEventStream(`${origin}${NOTIFICATION_PATHS.events}`, {
      authorization: `Bearer ${suite.tokens.sender}`,
    });
    try {
      const unread = () =>
        reader.blocks
          .filter((block) => block.data !== undefined)
          .map((block) => (JSON.parse(block.data ?? '{}') as NotificationUnread).unread);
      await reader.events(1);
      expect(unread()).toEqual([0]);
      const document = await suite.document({}, { content: CONTENT });
      // Signed through B: A's stream hears it through PostgreSQL (LISTEN/NOTIFY), not through this process.
      expect(await signThrough('B', document, signer.bin, 0)).toBe('OK');
      await reader.until(() => (unread().at(-1) ?? 0) >= 1);
      expect(unread().at(-1)).toBeGreaterThanOrEqual(1);
    } finally {
      reader.close();
    }
  });
});

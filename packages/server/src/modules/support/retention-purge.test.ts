import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, SUPPORT_PATHS, type SupportConversationView, type SupportMessage } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../blob/blob-store.js';
import { createLocalBlobStore } from '../../blob/local-blob-store.js';
import { openPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { deferred } from '../../testing/deferred.js';
import { blobFiles } from '../../testing/documents.js';
import { OPERATOR_EMAIL, PNG, useSupportSuite } from '../../testing/support.js';
import { openTestPostgres } from '../../testing/test-databases.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';
import { postVisitorMessage } from './conversation-store.js';
import { headSeq } from './event-store.js';
import { runSupportPurge, SUPPORT_PURGE_BATCH, type SupportPurgeRound } from './retention-purge.js';

const DAY = 24 * 3600;
const RETENTION = { retentionDays: 365 };

/** A blob store whose deletions fail (a disk that went read-only, an object store that is down). */
function failingDeletes(inner: BlobStore): BlobStore {
  return {
    ...inner,
    async delete() {
      throw new Error('store unavailable');
    },
  };
}

const ZERO = { conversations: 0, messages: 0, attachments: 0, events: 0, visitors: 0, blobsQueued: 0 };

describe.each(testDatabasesAndStorage())('support retention purge on $name, $storage', (backend) => {
  const suite = useSupportSuite(backend);
  const db = () => suite.server.services.database.db;
  const blobs = () => suite.server.services.blobs;
  const purge = (store: BlobStore = blobs()): Promise<SupportPurgeRound> =>
    runSupportPurge(db(), store, suite.clock.now(), RETENTION);

  const newVisitor = () => suite.newVisitor();
  const my = (visitor: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    suite.my({ visitor }, method, url, body);
  const send = (visitor: string, text: string) => suite.send({ visitor }, text);
  async function sendPng(visitor: string): Promise<SupportMessage> {
    const res = await suite.attach({ visitor }, [{ name: 'file', value: PNG, filename: 'screen.png' }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const operator = () => suite.operator();
  const inbox = (token: string, method: 'GET' | 'POST', template: string, id: number, body?: unknown) =>
    suite.request(token, method, `${apiPath(template, { id: String(id) })}?lang=en`, body);
  const rows = async (table: 'support_messages' | 'support_attachments' | 'support_events', id: number) =>
    (
      await db()
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('conversation_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n;

  /** A conversation with a picture, a reply, both read markers, closed by the operator (now). */
  async function closedWithPicture(visitor: string, op: string) {
    const picture = await sendPng(visitor);
    const id = picture.conversationId;
    const reply = await inbox(op, 'POST', SUPPORT_PATHS.inboxMessages, id, { text: 'Got it' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(
      (await my(visitor, 'POST', SUPPORT_PATHS.myRead, { lastMessageId: reply.json().id })).statusCode,
    ).toBe(204);
    expect((await inbox(op, 'POST', SUPPORT_PATHS.inboxClose, id)).statusCode).toBe(200);
    return { id, attachmentId: picture.attachment?.id ?? 0 };
  }

  it('deletes a closed conversation past the retention with its messages, attachments, events and blob; keeps open and recent ones; a second run does nothing', async () => {
    let op = await operator();
    const old = await newVisitor();
    const stillOpen = await newVisitor();
    const recent = await newVisitor();
    const idle = await newVisitor();
    const gone = await closedWithPicture(old, op);
    const open = await send(stillOpen, 'still waiting');
    suite.clock.advance(2 * DAY);
    op = await suite.login(OPERATOR_EMAIL);
    const kept = await closedWithPicture(recent, op);
    expect(await blobFiles(suite)).toHaveLength(2);

    // The old one closed 365 days and a minute ago; the recent one 363 days ago.
    suite.clock.advance(363 * DAY + 60);
    const seqBefore = await headSeq(db());
    const round = await purge();
    expect(round).toEqual({
      ran: true,
      conversations: 1,
      // The picture, the reply, the closing note.
      messages: 3,
      attachments: 1,
      // Opened, the picture, the reply, the visitor's read mark, the closing note, closed.
      events: 6,
      // The old visitor owns nothing any more, the idle one never wrote; both are older than the retention.
      visitors: 2,
      blobsQueued: 1,
      blobsDeleted: 1,
    });
    for (const table of ['support_messages', 'support_attachments', 'support_events'] as const)
      expect(await rows(table, gone.id), table).toBe(0);
    expect(await blobFiles(suite)).toHaveLength(1);
    expect(await db().selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    // The event numbers go on from where they were, even when the newest events were the purged ones.
    expect(await headSeq(db())).toBe(seqBefore);

    op = await suite.login(OPERATOR_EMAIL);
    const missing = await inbox(op, 'GET', SUPPORT_PATHS.inboxConversation, gone.id);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const attachment = await suite.request(
      op,
      'GET',
      apiPath(SUPPORT_PATHS.inboxAttachment, {
        id: String(gone.id),
        attachmentId: String(gone.attachmentId),
      }),
    );
    expect(attachment.statusCode).toBe(404);
    // Its visitor token is forgotten with it; the others keep theirs and their conversations.
    for (const token of [old, idle]) {
      const res = await my(token, 'GET', SUPPORT_PATHS.myConversation);
      expect([res.statusCode, res.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    }
    const openView = (
      await my(stillOpen, 'GET', SUPPORT_PATHS.myConversation)
    ).json() as SupportConversationView;
    expect(openView.messages.map((message) => message.id)).toEqual([open.id]);
    const keptView = (
      await my(recent, 'GET', SUPPORT_PATHS.myConversation)
    ).json() as SupportConversationView;
    expect(keptView.conversation?.id).toBe(kept.id);
    expect(keptView.messages).toHaveLength(3);
    const download = await my(
      recent,
      'GET',
      apiPath(SUPPORT_PATHS.myAttachment, { attachmentId: String(kept.attachmentId) }),
    );
    expect(download.statusCode).toBe(200);

    expect(await purge()).toEqual({ ran: true, ...ZERO, blobsDeleted: 0 });
  });

  it('a blob store that fails leaves the rows gone and the blob queued; the next round deletes it', async () => {
    const op = await operator();
    const visitor = await newVisitor();
    const { id } = await closedWithPicture(visitor, op);
    suite.clock.advance(366 * DAY);
    await expect(purge(failingDeletes(blobs()))).rejects.toThrow('store unavailable');
    // Committed before the blobs: no message is left pointing at a file, the file is remembered in the queue.
    expect(await rows('support_messages', id)).toBe(0);
    expect(await blobFiles(suite)).toHaveLength(1);
    expect(await db().selectFrom('blob_deletions').select('blob_key').execute()).toHaveLength(1);
    expect(await purge()).toEqual({ ran: true, ...ZERO, blobsDeleted: 1 });
    expect(await blobFiles(suite)).toEqual([]);
    expect(await db().selectFrom('blob_deletions').select('blob_key').execute()).toEqual([]);
  });

  it('a failure inside the purge transaction leaves the conversation whole, its file included', async () => {
    const op = await operator();
    const visitor = await newVisitor();
    const { id, attachmentId } = await closedWithPicture(visitor, op);
    suite.clock.advance(366 * DAY);
    // The database refuses the events' delete, after the messages and attachments went within the transaction.
    await sql`create function support_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`.execute(db());
    await sql`create trigger support_test_refuse before delete on support_events
      for each row execute function support_test_refuse()`.execute(db());
    try {
      await expect(purge()).rejects.toThrow('disk full');
    } finally {
      await sql`drop trigger support_test_refuse on support_events`.execute(db());
      await sql`drop function support_test_refuse()`.execute(db());
    }
    expect(await rows('support_messages', id)).toBe(3);
    expect(await db().selectFrom('blob_deletions').select('blob_key').execute()).toEqual([]);
    const download = await my(
      visitor,
      'GET',
      apiPath(SUPPORT_PATHS.myAttachment, { attachmentId: String(attachmentId) }),
    );
    expect([download.statusCode, download.rawPayload.equals(PNG)]).toEqual([200, true]);
    expect(await purge()).toMatchObject({ conversations: 1, blobsDeleted: 1 });
  });

  it("a visitor the purge deleted while their message was on its way starts over (401, the widget's cue for a new token)", async () => {
    const visitor = await newVisitor();
    const { id } = await db().selectFrom('support_visitors').select('id').executeTakeFirstOrThrow();
    await db().deleteFrom('support_visitors').execute();
    // As if resolved just before the delete: the write itself sees the row is gone.
    const party = { subject: `visitor:${id}`, kind: 'anonymous' as const, name: null, email: null };
    await expect(postVisitorMessage(db(), party, { text: 'hello' }, suite.clock.now())).rejects.toMatchObject(
      {
        code: 'SUPPORT_VISITOR_REQUIRED',
      },
    );
    expect(await db().selectFrom('support_conversations').select('id').execute()).toEqual([]);
    const res = await my(visitor, 'POST', SUPPORT_PATHS.myMessages, { text: 'hello' });
    expect(res.statusCode).toBe(401);
  });

  it(`works in batches of ${SUPPORT_PURGE_BATCH} until nothing is due`, async () => {
    const at = suite.clock.now();
    const keys = await seedClosedConversations(db(), blobs(), SUPPORT_PURGE_BATCH + 5, at);
    suite.clock.advance(366 * DAY);
    expect(await purge()).toMatchObject({
      conversations: SUPPORT_PURGE_BATCH + 5,
      attachments: SUPPORT_PURGE_BATCH + 5,
      blobsDeleted: keys.length,
    });
    expect(await db().selectFrom('support_conversations').select('id').execute()).toEqual([]);
  });
});

/** Seeds `count` closed conversations of as many subjects, each with one message carrying a stored picture. */
async function seedClosedConversations(
  db: Kysely<Database>,
  blobs: BlobStore,
  count: number,
  at: Date,
): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const blob = await blobs.put(PNG);
    keys.push(blob.key);
    const conversation = await db
      .insertInto('support_conversations')
      .values({
        subject: `user:seed-${n}`,
        status: 'closed',
        visitor_kind: 'user',
        visitor_name: null,
        visitor_email: null,
        language: null,
        page_url: null,
        created_at: at,
        updated_at: at,
        closed_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attachment = await db
      .insertInto('support_attachments')
      .values({
        conversation_id: conversation.id,
        blob_key: blob.key,
        name: 'a.png',
        content_type: 'image/png',
        size: blob.size,
        sha256: blob.sha256,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('support_messages')
      .values({
        conversation_id: conversation.id,
        author: 'visitor',
        text: '',
        attachment_id: attachment.id,
        created_at: at,
      })
      .execute();
  }
  return keys;
}

/** A blob store that counts deletions per key. */
function countingStore(inner: BlobStore, deletions: Map<string, number>): BlobStore {
  return {
    ...inner,
    async delete(key) {
      deletions.set(key, (deletions.get(key) ?? 0) + 1);
      return inner.delete(key);
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances purging support on one PostgreSQL database',
  () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const longAgo = new Date('2025-01-01T00:00:00Z');
    const now = new Date('2026-03-01T00:00:00Z');

    async function twoInstances(work: (a: InstanceParts, b: InstanceParts, keys: string[]) => Promise<void>) {
      const first = await openTestPostgres(url);
      const secondPool = openPostgres(url, { searchPath: first.schema, max: 4 });
      const folder = await mkdtemp(join(tmpdir(), 'qoltanba-support-purge-'));
      try {
        const deletions = new Map<string, number>();
        const a = { db: first.db, blobs: countingStore(createLocalBlobStore(folder), deletions) };
        const b = { db: secondPool.db, blobs: countingStore(createLocalBlobStore(folder), deletions) };
        const keys = await seedClosedConversations(first.db, a.blobs, SUPPORT_PURGE_BATCH + 20, longAgo);
        await work(a, b, keys);
        expect([...deletions.keys()].sort()).toEqual([...keys].sort());
        expect([...deletions.values()].every((times) => times === 1)).toBe(true);
        expect(await first.db.selectFrom('support_conversations').select('id').execute()).toEqual([]);
        expect(await first.db.selectFrom('support_messages').select('id').execute()).toEqual([]);
        expect(await first.db.selectFrom('blob_deletions').select('blob_key').execute()).toEqual([]);
      } finally {
        await secondPool.close();
        await first.close();
        await rm(folder, { recursive: true, force: true });
      }
    }

    it('one instance holding the lock makes the other skip; each conversation and blob goes once', async () => {
      await twoInstances(async (a, b) => {
        const held = deferred();
        const release = deferred();
        const roundA = runSupportPurge(a.db, a.blobs, now, {
          ...RETENTION,
          whileLocked: async () => {
            held.resolve();
            await release.promise;
          },
        });
        await held.promise;
        const roundB = await runSupportPurge(b.db, b.blobs, now, RETENTION);
        release.resolve();
        expect(roundB).toMatchObject({ ran: false, conversations: 0 });
        expect(await roundA).toMatchObject({ ran: true, conversations: SUPPORT_PURGE_BATCH + 20 });
      });
    });

    it('rounds racing without a gate still delete each conversation and blob once', async () => {
      await twoInstances(async (a, b) => {
        const rounds = await Promise.all([
          runSupportPurge(a.db, a.blobs, now, RETENTION),
          runSupportPurge(b.db, b.blobs, now, RETENTION),
          runSupportPurge(a.db, a.blobs, now, RETENTION),
          runSupportPurge(b.db, b.blobs, now, RETENTION),
        ]);
        expect(rounds.reduce((sum, round) => sum + round.conversations, 0)).toBe(SUPPORT_PURGE_BATCH + 20);
        expect(rounds.reduce((sum, round) => sum + round.blobsDeleted, 0)).toBe(SUPPORT_PURGE_BATCH + 20);
      });
    });
  },
);

interface InstanceParts {
  db: Kysely<Database>;
  blobs: BlobStore;
}

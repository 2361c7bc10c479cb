import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  CODE_LENGTH,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodeSent,
  type Lang,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
} from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import type { CodePurposeColumn, Database, OutboxChannel } from '../../db/schema.js';
import type { MessageOutbox } from '../../outbox/message-outbox.js';
import { enqueueEmail, enqueueSms } from '../../outbox/message-queue.js';
import type { Clock } from '../../services.js';
import type { ModuleContext } from '../module.js';
import { codeMessage } from './code-messages.js';
import type { CountedAttempt } from './counted-attempt.js';

/** Where a code goes and what it is for. */
export interface CodeAddress {
  purpose: CodePurposeColumn;
  channel: OutboxChannel;
  /** Normalised e-mail or phone. */
  target: string;
  /**
   * What else the code is bound to (`<user>:<iin>` of an attach request). Codes, resend spacing and failure
   * lockouts are kept apart per subject, so another subject's codes neither match nor block this one.
   */
  subject?: string;
}

/** Sends and checks one-time codes: single use, limited lifetime, resend spacing and a lockout after failures. */
export interface CodeService {
  /** Sends a new code (older unused ones stop working). RATE_LIMITED when asked again too soon. */
  issue(address: CodeAddress, messageLang: Lang): Promise<CodeSent>;
  /** Consumes the code or throws INVALID_CODE; the last allowed failure throws ACCOUNT_BLOCKED {until}. */
  verify(address: Omit<CodeAddress, 'channel'>, code: string): Promise<void>;
  /** Lifts the code lockouts of these targets for a purpose, any subject (after a password recovery). */
  unlock(targets: readonly string[], purpose: CodePurposeColumn): Promise<void>;
}

/** Dependencies of {@link createCodeService}. */
export interface CodeServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Key of the code hashes, so a database dump does not reveal live codes. */
  secret: string;
  /** Delivers the queued code messages right after their commit (the sweep retries what fails). */
  outbox: Pick<MessageOutbox, 'kick'>;
  /** Makes a new code; {@link generateCode} unless a test injects its own. */
  generateCode?: () => string;
  /** Runs after a guess was counted, before it is compared (a test seam; see AppServices). */
  beforeCompare?: () => Promise<void>;
}

/** A random code of CODE_LENGTH digits from the CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

/** The columns that key codes and their lockouts: one user's attach never touches another's. */
interface CodeKey {
  target: string;
  purpose: CodePurposeColumn;
  subject: string;
}

const keyOf = (address: Omit<CodeAddress, 'channel'>): CodeKey => ({
  target: address.target,
  purpose: address.purpose,
  subject: address.subject ?? '',
});

/** Name of the advisory lock that serialises code sends to one key (a test watches for waiters on it). */
export function codeSendLockName(address: Omit<CodeAddress, 'channel'>): string {
  const key = keyOf(address);
  return ['code', key.purpose, key.target, key.subject].join(':');
}

/** Creates the {@link CodeService}. */
export function createCodeService({
  db,
  clock,
  secret,
  outbox,
  generateCode: makeCode = generateCode,
  beforeCompare,
}: CodeServiceDeps): CodeService {
  const hash = (key: CodeKey, code: string) =>
    createHmac('sha256', secret)
      .update([key.purpose, key.target, key.subject, code].join('\0'))
      .digest('hex');

  async function assertNotLocked(key: CodeKey, now: Date) {
    const lock = await db
      .selectFrom('code_lockouts')
      .select('locked_until')
      .where((eb) => eb.and(key))
      .executeTakeFirst();
    if (lock?.locked_until && new Date(lock.locked_until) > now) {
      throw new AppError('ACCOUNT_BLOCKED', { until: new Date(lock.locked_until).toISOString() });
    }
  }

  /**
   * Counts a guess before it is compared, in one statement, so concurrent wrong codes cannot all pass a
   * read-then-check: at most LOGIN_MAX_FAILURES guesses are compared per lock window. Guesses in a row count
   * per key across codes; a count whose last guess is older than the lock window starts over. The last
   * allowed guess sets the lock at once; a right code lifts it again.
   */
  async function reserveAttempt(key: CodeKey, now: Date): Promise<CountedAttempt> {
    const windowStart = new Date(now.getTime() - LOGIN_LOCK_SECONDS * 1000);
    const until = new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000);
    const counted = sql<number>`case when code_lockouts.last_failure_at is null
      or code_lockouts.last_failure_at < ${windowStart} then 1 else code_lockouts.failures + 1 end`;
    const last = sql<boolean>`${counted} >= ${LOGIN_MAX_FAILURES}`;
    const reserved = await db
      .insertInto('code_lockouts')
      .values({ ...key, failures: 1, last_failure_at: now })
      .onConflict((oc) =>
        oc
          .columns(['target', 'purpose', 'subject'])
          .doUpdateSet({
            failures: sql<number>`case when ${last} then 0 else ${counted} end`,
            locked_until: sql<Date | null>`case when ${last} then ${until}::timestamptz else null end`,
            last_failure_at: now,
          })
          .where(sql<boolean>`code_lockouts.locked_until is null or code_lockouts.locked_until <= ${now}`),
      )
      .returning('locked_until')
      .executeTakeFirst();
    if (reserved) {
      const lockUntil = reserved.locked_until ? new Date(reserved.locked_until) : undefined;
      return { allowed: true, lockUntil };
    }
    const lock = await db
      .selectFrom('code_lockouts')
      .select('locked_until')
      .where((eb) => eb.and(key))
      .executeTakeFirst();
    return { allowed: false, until: lock?.locked_until ? new Date(lock.locked_until) : until };
  }

  return {
    async issue(address, messageLang) {
      const now = clock();
      const key = keyOf(address);
      await assertNotLocked(key, now);
      const code = makeCode();
      const message = codeMessage(address.purpose, code, CODE_TTL_SECONDS, messageLang);
      await db.transaction().execute(async (trx) => {
        // Serialises sends to one key, so two simultaneous requests cannot both pass the resend check.
        await sql`select pg_advisory_xact_lock(hashtext(${codeSendLockName(address)}))`.execute(trx);
        const last = await trx
          .selectFrom('one_time_codes')
          .select('created_at')
          .where((eb) => eb.and(key))
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last) {
          const waitMs = new Date(last.created_at).getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime();
          if (waitMs > 0) throw new AppError('RATE_LIMITED', { retryAfter: Math.ceil(waitMs / 1000) });
        }
        await trx
          .updateTable('one_time_codes')
          .set({ consumed_at: now })
          .where((eb) => eb.and(key))
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .insertInto('one_time_codes')
          .values({
            id: randomUUID(),
            ...key,
            channel: address.channel,
            code_hash: hash(key, code),
            expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
            created_at: now,
          })
          .execute();
        // Queued with the code: the code exists only if its message is on the way (retried while a gateway is down).
        if (address.channel === 'email') {
          await enqueueEmail(
            trx,
            { to: address.target, subject: message.subject, text: message.text },
            { at: now },
          );
        } else {
          await enqueueSms(trx, { to: address.target, text: message.text }, { at: now });
        }
      });
      await outbox.kick();
      return { resendAfterSeconds: CODE_RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
    },

    async verify(address, code) {
      const now = clock();
      const key = keyOf(address);
      await assertNotLocked(key, now);
      const row = await db
        .selectFrom('one_time_codes')
        .select(['id', 'code_hash'])
        .where((eb) => eb.and(key))
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new AppError('INVALID_CODE');
      const attempt = await reserveAttempt(key, now);
      if (!attempt.allowed) {
        throw new AppError('ACCOUNT_BLOCKED', { until: attempt.until.toISOString() });
      }
      await beforeCompare?.();
      const expected = Buffer.from(row.code_hash, 'hex');
      const actual = Buffer.from(hash(key, code), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        await db
          .updateTable('one_time_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        if (!attempt.lockUntil) throw new AppError('INVALID_CODE');
        // The last allowed guess was wrong: the lock (already set) stands and the code is void.
        await db.updateTable('one_time_codes').set({ consumed_at: now }).where('id', '=', row.id).execute();
        throw new AppError('ACCOUNT_BLOCKED', { until: attempt.lockUntil.toISOString() });
      }
      // The conditional update makes a code single-use even when two requests race.
      const consumed = await db
        .updateTable('one_time_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!consumed) throw new AppError('INVALID_CODE');
      await db
        .updateTable('code_lockouts')
        .set(attempt.lockUntil ? { failures: 0, locked_until: null } : { failures: 0 })
        .where((eb) => eb.and(key))
        .execute();
    },

    async unlock(targets, purpose) {
      if (targets.length === 0) return;
      await db
        .deleteFrom('code_lockouts')
        .where('target', 'in', [...targets])
        .where('purpose', '=', purpose)
        .execute();
    },
  };
}

/** The {@link CodeService} of a module, on the app's database, clock and outboxes. */
export function codeServiceFor({
  services,
  config,
}: Pick<ModuleContext, 'services' | 'config'>): CodeService {
  return createCodeService({
    db: services.database.db,
    clock: services.clock,
    secret: config.tokenSecret,
    outbox: services.outbox,
    generateCode: services.generateCode,
    beforeCompare: services.beforeCodeCompare,
  });
}

import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  CODE_LENGTH,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodeSent,
  type Lang,
} from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import type { CodePurposeColumn, Database, OutboxChannel } from '../../db/schema.js';
import type { MessageOutbox } from '../../outbox/message-outbox.js';
import { enqueueEmail, enqueueSms } from '../../outbox/message-queue.js';
import type { Clock } from '../../services.js';
import type { ModuleContext } from '../module.js';
import { codeMessage } from './code-messages.js';
import {
  assertClientNotLocked,
  clearLoginThrottles,
  reserveLoginAttempt,
  settleLoginAttempt,
  type ThrottleKey,
} from './login-throttle.js';

/** Where a code goes and what it is for. */
export interface CodeAddress {
  purpose: CodePurposeColumn;
  channel: OutboxChannel;
  /** Normalised e-mail or phone. */
  target: string;
  /**
   * What else the code is bound to (`<user>:<iin>` of an attach request). Codes, resend spacing and failure
   * counts are kept apart per subject, so another subject's codes neither match nor block this one.
   */
  subject?: string;
}

/**
 * Sends and checks one-time codes: single use, limited lifetime, resend spacing, and the login throttle
 * (`login-throttle.ts`): a client's wrong codes lock that client out, all clients' wrong codes slow guessing down.
 * `source` is the client (`clientSource` of the request's address).
 */
export interface CodeService {
  /**
   * Sends a new code (older unused ones stop working). RATE_LIMITED when asked again too soon, ACCOUNT_BLOCKED
   * when this client is locked out of these codes (another client may still ask).
   */
  issue(address: CodeAddress, messageLang: Lang, source: string): Promise<CodeSent>;
  /**
   * Consumes the code or throws INVALID_CODE; the client's last allowed failure throws ACCOUNT_BLOCKED {until}
   * (for that client only: the code stays good for its owner), and RATE_LIMITED while all clients must wait.
   */
  verify(address: Omit<CodeAddress, 'channel'>, code: string, source: string): Promise<void>;
  /**
   * Lifts the code lockouts of these targets for a purpose, any subject, for this client and the slow-down of
   * all clients (after a password recovery); other clients' locks stand.
   */
  unlock(targets: readonly string[], purpose: CodePurposeColumn, source: string): Promise<void>;
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

  const throttleKey = (key: CodeKey): ThrottleKey => ({
    kind: key.purpose,
    target: key.target,
    subject: key.subject,
  });

  return {
    async issue(address, messageLang, source) {
      const now = clock();
      const key = keyOf(address);
      await assertClientNotLocked(db, throttleKey(key), source, now);
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

    async verify(address, code, source) {
      const now = clock();
      const key = keyOf(address);
      await assertClientNotLocked(db, throttleKey(key), source, now);
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
      const attempt = await reserveLoginAttempt(db, throttleKey(key), source, now);
      await beforeCompare?.();
      const expected = Buffer.from(row.code_hash, 'hex');
      const actual = Buffer.from(hash(key, code), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        await db
          .updateTable('one_time_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        // The code stays good: this client's lock must not void what the owner received.
        if (attempt.lockUntil) {
          throw new AppError('ACCOUNT_BLOCKED', { until: attempt.lockUntil.toISOString() });
        }
        throw new AppError('INVALID_CODE');
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
      await settleLoginAttempt(db, attempt);
    },

    async unlock(targets, purpose, source) {
      await clearLoginThrottles(db, purpose, targets, source);
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

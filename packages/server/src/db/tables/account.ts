import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';
import type { OutboxChannel } from './outbox.js';

/** The account module's tables (`modules/account/`). */
export interface AccountTables {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  login_throttles: LoginThrottlesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

/** Row of `users`: an account. E-mail and phone are stored normalised; at least one is set. */
export interface UsersTable {
  id: string;
  email: string | null;
  phone: string | null;
  /** scrypt hash in the self-describing format of `password-hash.ts`. */
  password_hash: string;
  firstname: string;
  lastname: string;
  lang: 'kk' | 'ru' | 'en';
  avatar_key: string | null;
  avatar_mime: string | null;
  created_at: Timestamp;
}

/** Why a one-time code was sent. */
export type CodePurposeColumn = 'registration' | 'otp' | 'recovery' | 'attach';

/** Row of `one_time_codes`: a sent code, stored as a keyed hash. */
export interface OneTimeCodesTable {
  id: string;
  purpose: CodePurposeColumn;
  channel: OutboxChannel;
  /** Normalised e-mail or phone the code was sent to. */
  target: string;
  /** What the code confirms besides the target (`<user>:<iin>` of an attach request); '' for none. */
  subject: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

/** What a {@link LoginThrottlesTable} row counts: password logins, or codes of one purpose. */
export type ThrottleKindColumn = 'password' | CodePurposeColumn;

/**
 * Row of `login_throttles`: failed logins of one kind for an account key (`target`: the user id for passwords,
 * the normalised e-mail or phone for codes; `subject` as the codes'), from one client `source`, or from all of
 * them (`source` '*'). For a source, `locked_until` ends its lock; across sources, it is the earliest next try.
 */
export interface LoginThrottlesTable {
  kind: ThrottleKindColumn;
  target: string;
  subject: string;
  source: string;
  failures: Generated<number>;
  last_failure_at: Timestamp | null;
  locked_until: Timestamp | null;
}

/** Row of `sessions`: one login, the family of its rotated refresh tokens. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  /** When the newest refresh token of the session expires: the session ends then unless rotated. */
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** Row of `refresh_tokens`: SHA-256 of an opaque refresh token; `used_at` set when rotated. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
  /** Place in the session's rotation chain (0 for the first token); access tokens name it as `gen`. */
  generation: Generated<number>;
}

/** A user row as read. */
export type UserRow = Selectable<UsersTable>;

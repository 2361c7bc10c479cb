import type { SigningConfig } from '@qoltanba/core';
import type { BlobStore } from './blob/blob-store.js';
import type { DatabaseHandle } from './db/database.js';
import type { LiveChannel } from './db/live-channel.js';
import type { EventStreams } from './http/event-stream.js';
import type { JobRunObserver } from './jobs/periodic-job.js';
import type { HostResolver } from './net/resolve-host.js';
import type { MessageOutbox } from './outbox/message-outbox.js';
import type { Mailer, SmsSender } from './outbox/messages.js';
import type { SignatureVerifier } from './signature-verifier.js';
import type { TempFolder } from './temp/temp-folder.js';

/** Current time; injectable so lockouts and expiries can be tested. */
export type Clock = () => Date;

/** Infrastructure shared by the domain modules. */
export interface AppServices {
  database: DatabaseHandle;
  /** Live updates across instances (LISTEN/NOTIFY): modules notify in their transactions, streams subscribe. */
  live: LiveChannel;
  /** The open server-sent event streams of this process (ended before the server closes; counted in the metrics). */
  eventStreams: EventStreams;
  /** Counts the runs of periodic jobs (give it to `startPeriodicJob` with the job's name). */
  observeJobRun: JobRunObserver;
  /** This process's temporary folder under `<dataDir>/tmp`: leftovers removed at start, emptied on close. */
  temp: TempFolder;
  blobs: BlobStore;
  /** The e-mail transport the message queue delivers through (SMTP, or the dev outbox capture). */
  mailer: Mailer;
  /** The SMS transport the message queue delivers through (Mobizon, or the dev outbox capture). */
  sms: SmsSender;
  /**
   * Delivers the message queue (`outbox/message-queue.ts`): modules queue e-mails and SMS in their transaction and
   * `kick()` it after the commit; a sweep retries the rest.
   */
  outbox: MessageOutbox;
  clock: Clock;
  /** Hashes a new password (scrypt at the configured cost, `config.passwordScrypt`) for storing. */
  hashPassword: (password: string) => Promise<string>;
  /** Checks a password against its stored hash (scrypt by default); injectable so tests can watch logins. */
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
  /** Makes a new one-time code (random digits by default); injectable so tests can tell codes apart. */
  generateCode: () => string;
  /**
   * Runs after a guessed code was counted and before it is compared; none in production. Tests hold
   * concurrent guesses here, as they do password checks through `verifyPassword`.
   */
  beforeCodeCompare?: () => Promise<void>;
  /**
   * Verifies CMS and XMLDSig signatures (chain to the trust store, revocation); tests give one for their own test
   * PKI.
   */
  verifier: SignatureVerifier;
  /**
   * Runs after a signing lock was taken and before the signatures are verified; none in production. Tests hold
   * concurrent signings here to show the lock; it is told whose lock (document, signer) the signing holds.
   */
  beforeSignatureCheck?: (lock: { documentId: number; identityNumber: string }) => Promise<void>;
  /** How often a signing lock's lease is renewed while its signing runs; `SIGNING_LOCK_RENEW_MS` unless a test asks. */
  signingLockRenewMs?: number;
  /** What browsers are told about signing: NCALayer's address and whether a test signer answers there. */
  signingConfig: SigningConfig;
  /**
   * How outgoing connections (webhooks) find a host's addresses: the system resolver by default; tests give names
   * the addresses they need, and change them between two lookups.
   */
  resolveHost: HostResolver;
}

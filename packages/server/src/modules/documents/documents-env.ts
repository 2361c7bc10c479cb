import { TRASH_RETENTION_DAYS } from '@qoltanba/core';
import type { Config } from '../../config/config.js';
import { type EnvValues, envChoice, envInteger, envNumber, envText } from '../../config/env-fields.js';

// At most a week: longer delays overflow Node's timers.
const WEEK_MINUTES = 7 * 24 * 60;

/** The documents module's variables: storage quota, trash and retention, purge rounds, LibreOffice previews. */
export const documentsEnv = {
  QOLTANBA_STORAGE_QUOTA_MB: envNumber({ positive: true }, 1024),
  QOLTANBA_TRASH_RETENTION_DAYS: envInteger({ min: 1, max: 3650 }, TRASH_RETENTION_DAYS),
  // SPEC: completed documents are kept for a limited period, 3 months mentioned.
  QOLTANBA_SIGNED_RETENTION_DAYS: envInteger({ min: 0, max: 36_500 }, 90),
  QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: envInteger({ min: 0, max: WEEK_MINUTES }, 60),
  // Longer than any upload may take (QOLTANBA_REQUEST_TIMEOUT_SECONDS is at most an hour): a live write is never taken.
  QOLTANBA_PENDING_BLOB_GRACE_MINUTES: envInteger({ min: 5, max: WEEK_MINUTES }, 60),
  QOLTANBA_SOFFICE_PATH: envText(),
  QOLTANBA_PREVIEW_TIMEOUT_SECONDS: envInteger({ min: 1, max: 600 }, 60),
  QOLTANBA_PREVIEW_SANDBOX: envChoice(['auto', 'bwrap', 'none'], 'auto'),
  QOLTANBA_PREVIEW_WORKERS: envInteger({ min: 1, max: 16 }, 2),
  QOLTANBA_PREVIEW_QUEUE_PER_COMPANY: envInteger({ min: 1, max: 100 }, 3),
  QOLTANBA_PREVIEW_MEMORY_MB: envInteger({ min: 256, max: 65536 }, 2048),
};

type DocumentsSettings = Pick<
  Config,
  | 'storageQuotaBytes'
  | 'trashRetentionDays'
  | 'signedRetentionDays'
  | 'documentsPurgeIntervalMinutes'
  | 'pendingBlobGraceMinutes'
  | 'sofficePath'
  | 'previewTimeoutSeconds'
  | 'previewSandbox'
  | 'previewWorkers'
  | 'previewQueuePerCompany'
  | 'previewMemoryBytes'
>;

/** The documents module's settings of {@link documentsEnv}'s values. */
export function documentsSettings(e: EnvValues<typeof documentsEnv>): DocumentsSettings {
  return {
    storageQuotaBytes: Math.floor(e.QOLTANBA_STORAGE_QUOTA_MB * 1024 * 1024),
    trashRetentionDays: e.QOLTANBA_TRASH_RETENTION_DAYS,
    signedRetentionDays: e.QOLTANBA_SIGNED_RETENTION_DAYS,
    documentsPurgeIntervalMinutes: e.QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES,
    pendingBlobGraceMinutes: e.QOLTANBA_PENDING_BLOB_GRACE_MINUTES,
    sofficePath: e.QOLTANBA_SOFFICE_PATH,
    previewTimeoutSeconds: e.QOLTANBA_PREVIEW_TIMEOUT_SECONDS,
    previewSandbox: e.QOLTANBA_PREVIEW_SANDBOX,
    previewWorkers: e.QOLTANBA_PREVIEW_WORKERS,
    previewQueuePerCompany: e.QOLTANBA_PREVIEW_QUEUE_PER_COMPANY,
    previewMemoryBytes: e.QOLTANBA_PREVIEW_MEMORY_MB * 1024 * 1024,
  };
}

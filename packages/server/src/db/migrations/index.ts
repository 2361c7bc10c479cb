import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import * as foundation from './0001_foundation.js';
import * as accounts from './0002_accounts.js';
import * as companies from './0003_companies.js';
import * as codeFailures from './0004_code_failures.js';
import * as sessionExpiry from './0005_session_expiry.js';
import * as codeSubjects from './0006_code_subjects.js';
import * as refreshGeneration from './0007_refresh_generation.js';
import * as documents from './0008_documents.js';
import * as foldersCounterparties from './0009_folders_counterparties.js';
import * as signing from './0010_signing.js';
import * as historyChain from './0011_history_chain.js';
import * as externalLinks from './0012_external_links.js';
import * as companyAdmins from './0013_company_admins.js';
import * as partnerEmbed from './0014_partner_embed.js';
import * as support from './0015_support.js';
import * as blobFolder from './0016_blob_folder.js';
import * as loginThrottles from './0017_login_throttles.js';
import * as previewFailures from './0018_preview_failures.js';
import * as messageQueue from './0019_message_queue.js';
import * as billing from './0020_billing.js';
import * as notifications from './0021_notifications.js';
import * as approvals from './0022_approvals.js';
import * as searchIndex from './0024_search_index.js';
import * as liveNotify from './0025_live_notify.js';
import * as billingNotices from './0026_billing_notices.js';
import * as pendingBlobs from './0027_pending_blobs.js';
import * as searchPhraseStats from './0028_search_phrase_stats.js';
import * as paymentDuplicateConfirmations from './0029_payment_duplicate_confirmations.js';

/**
 * One schema change: a stable id (applied in list order), the SQL script that makes it and, for data that SQL
 * cannot compute alike on every backend (hashes), a step that runs after the script in the same transaction.
 */
export interface Migration {
  id: string;
  sql: string;
  run?: (trx: Transaction<Database>) => Promise<void>;
}

/** Every migration, oldest first. Append only: never edit or reorder an applied migration. */
export const migrations: readonly Migration[] = [
  foundation,
  accounts,
  companies,
  codeFailures,
  sessionExpiry,
  codeSubjects,
  refreshGeneration,
  documents,
  foldersCounterparties,
  signing,
  historyChain,
  externalLinks,
  companyAdmins,
  partnerEmbed,
  support,
  blobFolder,
  loginThrottles,
  previewFailures,
  messageQueue,
  billing,
  notifications,
  approvals,
  searchIndex,
  liveNotify,
  billingNotices,
  pendingBlobs,
  searchPhraseStats,
  paymentDuplicateConfirmations,
];

import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import { withJobLock } from '../../db/job-lock.js';
import type { Database } from '../../db/schema.js';
import { archiveRenewalDue, type Verifier } from '../../pki/index.js';
import { signingPort } from '../documents/index.js';

/** The advisory lock name of the archive renewal job: one round at a time across instances. */
export const ARCHIVE_RENEWAL_JOB = 'archive-renewal';

/** What a renewal round needs: the database, the stored files and an engine with a TSA. */
export interface ArchiveRenewalDeps {
  db: Kysely<Database>;
  blobs: Pick<BlobStore, 'get'>;
  verifier: Pick<Verifier, 'archiveCms'>;
}

/** What one round did: signatures renewed, and those that were due but could not be (they are tried next round). */
export interface ArchiveRenewalRound {
  ran: boolean;
  renewed: number[];
  failed: Array<{ id: number; reason: string }>;
}

/**
 * One round of the archive renewal job, once across instances: every kept signature whose newest timestamp's TSA
 * certificate ends within `marginMs` of `now` gets an archive-time-stamp-v3 (CAdES-A) over it and its evidence, so
 * it keeps its proof of existence after that certificate expires. A signature whose file bytes are gone (purged)
 * or that no longer verifies is left as it is and reported.
 */
export async function runArchiveRenewalRound(
  deps: ArchiveRenewalDeps,
  now: Date,
  marginMs: number,
): Promise<ArchiveRenewalRound> {
  const renewed: number[] = [];
  const failed: ArchiveRenewalRound['failed'] = [];
  const result = await withJobLock(deps.db, ARCHIVE_RENEWAL_JOB, async (trx) => {
    // Each CMS is read to learn its TSA's end: fine for a daily round; a stored expiry column would spare it.
    const rows = await trx
      .selectFrom('signatures')
      .select(['id', 'document_id', 'file_id', 'cms'])
      .orderBy('id')
      .execute();
    for (const row of rows) {
      let due: boolean;
      try {
        due = archiveRenewalDue(row.cms, now, marginMs);
      } catch (error) {
        failed.push({ id: row.id, reason: `unreadable CMS: ${(error as Error).message}` });
        continue;
      }
      if (!due) continue;
      const file = await signingPort.signedFile(trx, row.document_id, row.file_id);
      const content = file ? await deps.blobs.get(file.blobKey) : undefined;
      if (!content) {
        failed.push({ id: row.id, reason: 'the signed file is no longer stored' });
        continue;
      }
      try {
        const archived = await deps.verifier.archiveCms({ cms: row.cms, content });
        if (archived.cms === row.cms) {
          failed.push({ id: row.id, reason: `verdict ${archived.verification.report.verdict}` });
          continue;
        }
        await trx.updateTable('signatures').set({ cms: archived.cms }).where('id', '=', row.id).execute();
        renewed.push(row.id);
      } catch (error) {
        failed.push({ id: row.id, reason: (error as Error).message });
      }
    }
  });
  return { ran: result.ran, renewed, failed };
}

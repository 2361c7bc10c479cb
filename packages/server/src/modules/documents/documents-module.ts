import { documentDraftSchema } from '@qoltanba/core';
import { startPeriodicJob } from '../../jobs/periodic-job.js';
import { folderExists } from '../folders/folders-module.js';
import type { AppModule } from '../module.js';
import type { DocumentsContext } from './acting-company.js';
import { clearFolders, type FolderExists, folderDocumentCounts } from './document-folders.js';
import { registerDocumentRoutes } from './document-routes.js';
import { registerFileRoutes } from './file-routes.js';
import { createPreviewService } from './preview.js';
import { createSofficeConverter, findOnPath, type PdfConverter } from './soffice.js';
import { DOCUMENTS_PURGE_JOB, runDocumentPurge } from './trash-purge.js';

/** The first purge round runs this long after start (or after one interval when that is shorter). */
export const DOCUMENTS_PURGE_FIRST_DELAY_MS = 60_000;

/** Replaceable parts of the documents module. */
export interface DocumentsModuleOptions {
  /** Whether a folder of the company exists; the folders module's `folderExists` by default. */
  folderExists?: FolderExists;
  /** PDF conversion for previews; LibreOffice (QOLTANBA_SOFFICE_PATH, else found on PATH) by default. */
  converter?: PdfConverter;
}

/**
 * Documents of a company: create from uploaded files, list, read, edit, send, copy, trash and restore, files
 * (add, delete, download, PDF preview), history and folders; plus the purge job that empties trashes after
 * QOLTANBA_TRASH_RETENTION_DAYS, deletes documents no participant is left for, and deletes the original files of
 * finished documents after QOLTANBA_SIGNED_RETENTION_DAYS (keeping what verification needs).
 */
export function createDocumentsModule(options: DocumentsModuleOptions = {}): AppModule {
  return {
    name: 'documents',
    register({ app, config, services, route, hooks }) {
      const { db } = services.database;
      const sofficePath = config.sofficePath ?? findOnPath(['soffice', 'libreoffice'], process.env.PATH);
      const converter =
        options.converter ??
        createSofficeConverter({
          path: sofficePath,
          timeoutMs: config.previewTimeoutSeconds * 1000,
          onRun: (outcome, ms, detail) => {
            const entry = { job: 'preview', outcome, ms, ...(detail ? { detail } : {}) };
            if (outcome === 'converted') app.log.info(entry, 'preview converted');
            else app.log.warn(entry, 'preview not converted');
          },
        });
      const svc = { db, blobs: services.blobs, clock: services.clock, quotaBytes: config.storageQuotaBytes };
      const context: DocumentsContext = {
        route,
        hooks,
        outbox: services.outbox,
        svc,
        retentionDays: config.trashRetentionDays,
        draftSchema: documentDraftSchema({ testMode: config.identityTestMode }),
        folderExists: options.folderExists ?? folderExists,
        previews: createPreviewService(db, services.blobs, converter, services.clock),
      };
      registerDocumentRoutes(context);
      registerFileRoutes(context);

      // The folders module owns folders: it tells us, inside its deleting transaction, which ones went, and asks
      // how many documents each holds.
      hooks.foldersDeleted.add(async ({ trx, bin, folderIds }) => {
        await clearFolders(trx, bin, folderIds);
      });
      hooks.folderDocumentCounts.add(({ db: reader, bin }) => folderDocumentCounts(reader, bin));
      hooks.filePreview.add((file) => context.previews.pdfOf(file));

      let job: { stop(): Promise<void> } | undefined;
      const intervalMs = config.documentsPurgeIntervalMinutes * 60_000;
      if (intervalMs > 0) {
        app.addHook('onReady', async () => {
          job = startPeriodicJob({
            intervalMs,
            firstDelayMs: Math.min(intervalMs, DOCUMENTS_PURGE_FIRST_DELAY_MS),
            run: async () => {
              const round = await runDocumentPurge(db, services.blobs, services.clock(), {
                retentionDays: config.trashRetentionDays,
                signedRetentionDays: config.signedRetentionDays,
                onDocumentsDeleted: async (trx, documentIds) => {
                  await hooks.documentsPurged.run({ trx, documentIds });
                },
              });
              if (round.ran) app.log.info({ job: DOCUMENTS_PURGE_JOB, ...round }, 'documents purge done');
            },
            onError: (error) =>
              app.log.error({ err: error, job: DOCUMENTS_PURGE_JOB }, 'documents purge failed'),
          });
        });
      }
      app.addHook('onClose', async () => {
        await job?.stop();
        await converter.close();
      });
    },
  };
}

/** The documents module with the default LibreOffice converter. */
export const documentsModule: AppModule = createDocumentsModule();

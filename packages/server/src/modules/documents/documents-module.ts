import { documentDraftSchema } from '@qoltanba/core';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob } from '../../jobs/periodic-job.js';
import { folderExists } from '../folders/index.js';
import type { AppModule } from '../module.js';
import type { DocumentsContext } from './acting-company.js';
import { clearFolders, type FolderExists, folderDocumentCounts } from './document-folders.js';
import { registerDocumentRoutes } from './document-routes.js';
import { registerFileRoutes } from './file-routes.js';
import { createPreviewService } from './preview.js';
import { createPreviewScheduler } from './preview-scheduler.js';
import { createSofficeConverter, findOnPath, type PdfConverter } from './soffice.js';
import { type Isolation, resolveIsolation } from './soffice-sandbox.js';
import { DOCUMENTS_PURGE_JOB, runDocumentPurge } from './trash-purge.js';

/** The first purge round runs this long after start (or after one interval when that is shorter). */
export const DOCUMENTS_PURGE_FIRST_DELAY_MS = 60_000;

/** Says loudly at start how previews run: sandboxed, unsandboxed (and why) or not at all. */
function logIsolation(log: FastifyBaseLogger, isolation: Isolation, sofficePath: string | undefined): void {
  if (!sofficePath) {
    log.warn({ job: 'preview' }, 'LibreOffice not found: doc/docx/odt previews answer PREVIEW_UNAVAILABLE');
  } else if (isolation.kind === 'bwrap') {
    log.info(
      { job: 'preview', soffice: sofficePath, uid: isolation.uid ?? process.getuid?.() },
      'previews: LibreOffice runs in a bubblewrap sandbox (no network, read-only /usr, memory and time limits)',
    );
  } else if (isolation.kind === 'none') {
    log.warn(
      { job: 'preview', soffice: sofficePath, reason: isolation.reason },
      'previews: LibreOffice runs WITHOUT a sandbox (network and files of the server user reachable; external references are still stripped)',
    );
  } else {
    log.error(
      { job: 'preview', soffice: sofficePath, reason: isolation.reason },
      'previews: no working sandbox, LibreOffice is not run (PREVIEW_UNAVAILABLE); install bubblewrap or set QOLTANBA_PREVIEW_SANDBOX=none',
    );
  }
}

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
      // Probed once at start; conversions wait for the answer, the server does not.
      const isolation = options.converter
        ? undefined
        : resolveIsolation(
            config.previewSandbox,
            config.env === 'production',
            findOnPath(['bwrap'], process.env.PATH),
          );
      const converter =
        options.converter ??
        createSofficeConverter({
          path: sofficePath,
          timeoutMs: config.previewTimeoutSeconds * 1000,
          workers: config.previewWorkers,
          memoryBytes: config.previewMemoryBytes,
          isolation,
          makeDir: (prefix) => services.temp.makeDir(prefix),
          onRun: (outcome, ms, detail) => {
            const entry = { job: 'preview', outcome, ms, ...(detail ? { detail } : {}) };
            if (outcome === 'converted') app.log.info(entry, 'preview converted');
            else app.log.warn(entry, 'preview not converted');
          },
        });
      if (isolation !== undefined) {
        app.addHook('onReady', async () => {
          logIsolation(app.log, await isolation, sofficePath);
        });
      }
      const scheduler = createPreviewScheduler({
        workers: config.previewWorkers,
        queuePerCompany: config.previewQueuePerCompany,
        retryAfterSeconds: config.previewTimeoutSeconds,
      });
      const svc = {
        db,
        blobs: services.blobs,
        clock: services.clock,
        quotaBytes: config.storageQuotaBytes,
        hooks,
      };
      const context: DocumentsContext = {
        route,
        hooks,
        outbox: services.outbox,
        svc,
        retentionDays: config.trashRetentionDays,
        draftSchema: documentDraftSchema({ testMode: config.identityTestMode }),
        folderExists: options.folderExists ?? folderExists,
        previews: createPreviewService({
          db,
          blobs: services.blobs,
          converter,
          scheduler,
          clock: services.clock,
        }),
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
            name: DOCUMENTS_PURGE_JOB,
            observe: services.observeJobRun,
            intervalMs,
            firstDelayMs: Math.min(intervalMs, DOCUMENTS_PURGE_FIRST_DELAY_MS),
            run: async () => {
              const round = await runDocumentPurge(db, services.blobs, services.clock(), {
                retentionDays: config.trashRetentionDays,
                signedRetentionDays: config.signedRetentionDays,
                pendingBlobGraceMs: config.pendingBlobGraceMinutes * 60_000,
                onDocumentsDeleted: async (trx, documentIds) => {
                  await hooks.documentsPurged.run({ trx, documentIds });
                },
              });
              if (round.ran) app.log.info({ job: DOCUMENTS_PURGE_JOB, ...round }, 'documents purge done');
              return round;
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

import {
  AppError,
  documentParamsSchema,
  documentScheduleRequestSchema,
  documentScheduleSchema,
  reminderStatusSchema,
  remindRequestSchema,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { defineRoute } from '../../http/route.js';
import { signingPort } from '../documents/index.js';
import { requireCompanyUser } from '../registry/index.js';
import { documentSchedule, setDocumentSchedule } from './document-schedule.js';
import { type RemindedDocument, reminderStatus, remindSigners } from './reminders.js';
import type { SigningContext } from './signing-context.js';

const TAGS = ['signing'];
const ACCESS =
  'Sender only (DOCUMENT_CHANGE_FORBIDDEN). The caller must belong to the company (FORBIDDEN); a document the ' +
  'company does not take part in answers ENTITY_NOT_FOUND.';

/** The sender's reminders and the document schedule (expiry date, automatic reminders). */
export function registerReminderRoutes(context: SigningContext): void {
  const { route, db, clock } = context;

  /** The document as its sender reminds about it; `lock` takes the row in the caller's transaction. */
  async function sendersDocument(
    trx: typeof db,
    bin: string,
    id: number,
    lock = false,
  ): Promise<RemindedDocument> {
    const target = await signingPort.signingTarget(trx, id, bin, { lock });
    if (!target) throw new AppError('ENTITY_NOT_FOUND');
    if (target.document.participation.role !== 'sender') throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
    return { core: target.document.core, signers: target.signers };
  }

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.reminders,
      operationId: 'getReminders',
      summary:
        'Per signer whose turn has come: when it was last reminded and the seconds until the next reminder',
      description: `The countdown the interface shows (hours, minutes, seconds). ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      response: reminderStatusSchema,
      handler: async ({ request, params }) => {
        await requireCompanyUser(request, db, params.bin);
        return reminderStatus(context, db, await sendersDocument(db, params.bin, params.id), clock());
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.reminders,
      operationId: 'remindSigners',
      summary: 'Remind the signers whose turn has come (all, or one) by e-mail with a new personal link',
      description:
        'A signer awaiting approval: its approver is reminded with a new approval link. Only while the document is ' +
        'being signed (DOCUMENT_CHANGE_FORBIDDEN); one signer: listed (BIN_NOT_AMONG_SIGNERS), not signed ' +
        '(ALREADY_SIGNED_BY_BIN), its turn come (NOT_SIGNERS_TURN). The same signer once per ' +
        'QOLTANBA_REMINDER_COOLDOWN_SECONDS (24 hours by default): when nobody could be reminded, 429 ' +
        `REMINDER_TOO_EARLY with params.wait, the seconds left. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: remindRequestSchema,
      response: reminderStatusSchema,
      handler: async ({ request, params, body }) => {
        await requireCompanyUser(request, db, params.bin);
        const now = clock();
        const reminded = await db.transaction().execute(async (trx) => {
          const document = await sendersDocument(trx, params.bin, params.id, true);
          const only = body.identityNumber;
          return remindSigners(context, trx, document, {
            ...(only === undefined ? {} : { only }),
            now,
            automatic: false,
          });
        });
        await context.outbox.kick();
        try {
          await context.hooks.signersReminded.run({
            db,
            documentId: params.id,
            at: now,
            parties: reminded,
            automatic: false,
          });
        } catch (error) {
          context.log.error({ err: error, documentId: params.id }, 'reminder hook failed');
        }
        const document = await sendersDocument(db, params.bin, params.id);
        return reminderStatus(context, db, document, now, reminded);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.schedule,
      operationId: 'getDocumentSchedule',
      summary: "The document's expiry date and automatic reminder interval (null: none)",
      description: ACCESS,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      response: documentScheduleSchema,
      handler: async ({ request, params }) => {
        await requireCompanyUser(request, db, params.bin);
        await sendersDocument(db, params.bin, params.id);
        return documentSchedule(db, params.id);
      },
    }),
  );

  route(
    defineRoute({
      method: 'PUT',
      url: SIGNING_PATHS.schedule,
      operationId: 'setDocumentSchedule',
      summary: 'Set when the document stops accepting signatures and how often its signers are reminded',
      description:
        'A draft or a document being signed (DOCUMENT_CHANGE_FORBIDDEN otherwise). The expiry must be in the future ' +
        '(VALIDATION_FAILED); at expiry signing answers DOCUMENT_EXPIRED and the sender is told once. Automatic ' +
        `reminders every remindEveryDays (1 to 30) days, counted from this call, until signed. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: documentScheduleRequestSchema,
      response: documentScheduleSchema,
      handler: async ({ request, params, body }) => {
        await requireCompanyUser(request, db, params.bin);
        const document = await sendersDocument(db, params.bin, params.id);
        if (document.core.status !== 'DRAFT' && document.core.status !== 'AT_SIGNING') {
          throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
        }
        return setDocumentSchedule(db, params.id, body, clock());
      },
    }),
  );
}

import {
  AppError,
  pendingSteps,
  type ReminderStatus,
  reminderSecondsLeft,
  type Signer,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type MailedDocument, queueApprovalLink, queueSigningLink } from './link-mail.js';
import type { SigningContext } from './signing-context.js';

/** A document being reminded about: its header for the e-mails, how it is signed, its status and signers. */
export interface RemindedDocument {
  core: MailedDocument & { status: string; signingMethod: 'PARALLEL' | 'SEQUENTIAL' };
  signers: Signer[];
}

/** The signers that may be reminded now: those whose turn has come (their approver, while it has not approved). */
function dueSigners(document: RemindedDocument): { signer: Signer; step: 'approval' | 'signature' }[] {
  const status = document.core.status === 'AT_SIGNING' ? 'AT_SIGNING' : 'DRAFT';
  return pendingSteps({
    status,
    signingMethod: document.core.signingMethod,
    signers: document.signers,
  }).flatMap(({ identityNumber, step }) => {
    const signer = document.signers.find((s) => s.identityNumber === identityNumber);
    return signer ? [{ signer, step }] : [];
  });
}

/**
 * Reminds the signers of `document` whose turn has come (`only`: that one; BIN_NOT_AMONG_SIGNERS,
 * ALREADY_SIGNED_BY_BIN, NOT_SIGNERS_TURN), each by e-mail with a new personal link (its approver's approval link
 * while it awaits approval), in the caller's transaction. The same signer only once per
 * QOLTANBA_REMINDER_COOLDOWN_SECONDS: one upsert that only beats an older reminder claims it, so two reminders at
 * once (or on two instances) cannot both pass. By hand, when nobody could be reminded: REMINDER_TOO_EARLY with the
 * time left (`params.wait`, seconds, which the texts show as hours, minutes and seconds). Answers the signers
 * reminded.
 */
export async function remindSigners(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  document: RemindedDocument,
  options: { only?: string; now: Date; automatic: boolean },
): Promise<string[]> {
  const { now } = options;
  if (document.core.status !== 'AT_SIGNING') throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
  let due = dueSigners(document);
  if (options.only !== undefined) {
    const signer = document.signers.find((s) => s.identityNumber === options.only);
    if (!signer) throw new AppError('BIN_NOT_AMONG_SIGNERS');
    if (signer.state !== 'WAITING') throw new AppError('ALREADY_SIGNED_BY_BIN');
    due = due.filter((entry) => entry.signer.identityNumber === options.only);
    if (due.length === 0) throw new AppError('NOT_SIGNERS_TURN');
  }
  const cooldown = context.config.reminderCooldownSeconds;
  const cutoff = new Date(now.getTime() - cooldown * 1000);
  const reminded: string[] = [];
  for (const { signer, step } of due) {
    // Claimed only when there was no reminder or the last is older than the cooldown: the race ends in this row.
    const claimed = await trx
      .insertInto('signer_reminders')
      .values({ document_id: document.core.id, identity_number: signer.identityNumber, reminded_at: now })
      .onConflict((oc) =>
        oc
          .columns(['document_id', 'identity_number'])
          .doUpdateSet({ reminded_at: now })
          .where('signer_reminders.reminded_at', '<=', cutoff),
      )
      .returning('identity_number')
      .executeTakeFirst();
    if (!claimed) continue;
    if (step === 'approval' && signer.approverEmail) {
      const approver = { ...signer, approverEmail: signer.approverEmail };
      await queueApprovalLink(context, trx, document.core, approver, now, 'reminder');
    } else {
      await queueSigningLink(context, trx, document.core, signer, now, 'reminder');
    }
    reminded.push(signer.identityNumber);
  }
  if (reminded.length === 0 && !options.automatic) {
    const status = await reminderStatus(context, trx, document, now);
    const waits = status.signers
      .filter((s) => options.only === undefined || s.identityNumber === options.only)
      .map((s) => s.secondsLeft);
    const secondsLeft = Math.max(1, Math.min(...waits));
    throw new AppError('REMINDER_TOO_EARLY', { wait: secondsLeft });
  }
  return reminded;
}

/** Per signer that may be reminded (its turn has come), when it was last reminded and the seconds until the next. */
export async function reminderStatus(
  context: Pick<SigningContext, 'config'>,
  db: Kysely<Database>,
  document: RemindedDocument,
  now: Date,
  reminded: string[] = [],
): Promise<ReminderStatus> {
  const cooldown = context.config.reminderCooldownSeconds;
  const due = document.core.status === 'AT_SIGNING' ? dueSigners(document) : [];
  const rows = await db
    .selectFrom('signer_reminders')
    .select(['identity_number', 'reminded_at'])
    .where('document_id', '=', document.core.id)
    .execute();
  const last = new Map(rows.map((row) => [row.identity_number, new Date(row.reminded_at)]));
  return {
    cooldownSeconds: cooldown,
    signers: due.map(({ signer }) => {
      const at = last.get(signer.identityNumber) ?? null;
      return {
        identityNumber: signer.identityNumber,
        remindedAt: at ? at.toISOString() : null,
        secondsLeft: reminderSecondsLeft(at, now, cooldown),
      };
    }),
    reminded,
  };
}

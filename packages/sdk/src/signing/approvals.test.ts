import { formatCountdown } from '@qoltanba/core';
import { BETA, testServerPerFile, WORLD_USERS } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { createDocument, getDocument, sendDocument } from '../documents/documentsApi';
import { loggedInOn } from '../test-support/real-server';
import { approveByLink, declineByLink, getApprovalLink } from './approvalLinkApi';
import {
  getDocumentSchedule,
  getReminders,
  reminderTimeLeft,
  remindSigners,
  resendApprovalLink,
  setDocumentSchedule,
} from './remindersApi';

const test = testServerPerFile();
const APPROVER = 'approver@example.kz';
const pdf = () => new File(['%PDF-1.4\n%approvals\n%%EOF\n'], 'contract.pdf', { type: 'application/pdf' });

async function failure(pending: Promise<unknown>) {
  return pending.then(
    () => 'resolved',
    (error: { status?: number; code?: string; params?: Record<string, unknown> }) => [
      error.status,
      error.code,
      error.params,
    ],
  );
}

/** A document of ALFA for BETA whose signer waits for APPROVER, sent; answers it and the approval link token. */
async function sentWithApprover() {
  const { id } = await createDocument(
    {
      name: 'Договор с согласованием',
      signingMethod: 'PARALLEL',
      signers: [
        {
          identityNumber: BETA.bin,
          email: WORLD_USERS.bolat.email,
          nameRu: BETA.nameRu,
          approverEmail: APPROVER,
        },
      ],
    },
    [pdf()],
  );
  await sendDocument(id);
  const [link] = await test.server.links(APPROVER);
  const token = link?.split('/approve/')[1];
  if (!token) throw new Error(`no approval link in ${link}`);
  return { id, token };
}

describe('approvals and reminders API', () => {
  it('the sender sees "awaiting approval"; the approver approves from its link; a decline rejects with the comment', async () => {
    await loggedInOn(test.server);
    const { id, token } = await sentWithApprover();
    expect((await getDocument(id)).signers[0]?.approval).toBe('PENDING');
    const view = await getApprovalLink(token);
    expect(view).toMatchObject({ approverEmail: APPROVER, signer: { identityNumber: BETA.bin } });
    expect((await approveByLink(token)).signer.approval).toBe('APPROVED');
    expect((await getDocument(id)).signers[0]?.approval).toBe('APPROVED');

    const second = await sentWithApprover();
    expect(await failure(declineByLink(second.token, 'no'))).toEqual([
      400,
      'REJECT_COMMENT_LENGTH',
      undefined,
    ]);
    await declineByLink(second.token, 'Сумма неверна');
    expect(await getDocument(second.id)).toMatchObject({
      status: 'REJECTED',
      rejection: { reason: 'Сумма неверна' },
    });
    expect(await failure(resendApprovalLink(second.id, BETA.bin))).toEqual([
      403,
      'DOCUMENT_CHANGE_FORBIDDEN',
      undefined,
    ]);
  });

  it('reminds once per waiting time; the refusal and the status carry the time left', async () => {
    await loggedInOn(test.server);
    const { id, token } = await sentWithApprover();
    await approveByLink(token);
    const readAt = test.server.clock.now();
    const first = await remindSigners(id);
    expect(first.reminded).toEqual([BETA.bin]);
    expect(await failure(remindSigners(id, BETA.bin))).toEqual([429, 'REMINDER_TOO_EARLY', { wait: 86_400 }]);
    const [status] = (await getReminders(id)).signers;
    expect(status).toMatchObject({ identityNumber: BETA.bin, secondsLeft: 86_400 });
    const later = new Date(readAt.getTime() + 3_725_000);
    expect(formatCountdown(reminderTimeLeft(status?.secondsLeft ?? 0, readAt, later))).toBe('22:57:55');

    expect(await setDocumentSchedule(id, { expiresAt: null, remindEveryDays: 2 })).toEqual({
      expiresAt: null,
      remindEveryDays: 2,
    });
    expect(await getDocumentSchedule(id)).toEqual({ expiresAt: null, remindEveryDays: 2 });
  });
});

import {
  apiPath,
  type Document,
  type HistoryEvent,
  NOTIFICATION_PATHS,
  type NotificationPage,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { COMPANIES, documentPaths } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import type { AppModule } from '../module.js';
import type { ApprovalEvent } from '../module-hooks.js';

const { sender, signer, second, outsider } = COMPANIES;
const APPROVER = 'approver@example.kz';
const pki = createSigningPki();

/** The approval (or signing) link token in the newest e-mail to `to`. */
function tokenIn(body: string | undefined, page: 'approve' | 'sign'): string {
  const token = new RegExp(`/${page}/([A-Za-z0-9_-]+)`).exec(body ?? '')?.[1];
  if (!token) throw new Error(`no /${page}/ link in ${body}`);
  return token;
}

describe.each(testDatabases())('approvals on $name', (backend) => {
  const heard: Array<[string, ApprovalEvent]> = [];
  const listener: AppModule = {
    name: 'approval-listener',
    register(context) {
      for (const hook of ['approvalRequested', 'approvalGranted', 'approvalDeclined'] as const) {
        context.hooks[hook].add(async (event) => {
          heard.push([hook, event]);
        });
      }
    },
  };
  // The notifications' mail sweep is off: its e-mails (a timer of 15 s) would join the personal links these tests count
  // whenever a slow machine lets one fire.
  const suite = useSigningSuite(backend, {
    pki,
    modules: [listener],
    env: { QOLTANBA_NOTIFICATION_MAIL_SECONDS: '0' },
  });
  const withApprover = (method: 'PARALLEL' | 'SEQUENTIAL' = 'PARALLEL') => ({
    signingMethod: method,
    signers: [
      {
        identityNumber: signer.bin,
        email: 'signer@example.kz',
        nameRu: signer.nameRu,
        approverEmail: APPROVER,
      },
    ],
  });
  const linkPath = (path: string, token: string) => apiPath(path, { token });
  const approve = (token: string) =>
    suite.server.app.inject({
      method: 'POST',
      url: linkPath(SIGNING_PATHS.approvalLinkApprove, token),
      payload: {},
    });
  const decline = (token: string, comment: string) =>
    suite.server.app.inject({
      method: 'POST',
      url: linkPath(SIGNING_PATHS.approvalLinkDecline, token),
      payload: { comment, lang: 'en' },
    });
  const getLink = (token: string) =>
    suite.server.app.inject({ method: 'GET', url: linkPath(SIGNING_PATHS.approvalLink, token) });
  const mails = async (to: string) => {
    await suite.server.services.outbox.drain();
    return suite.mails(to);
  };
  /** The e-mails to `to` that carry a personal link (its company's users also get notification e-mails). */
  const linkMails = async (to: string) =>
    (await mails(to)).filter((mail) => /\/(sign|approve)\//.test(mail.body ?? ''));
  const history = async (document: Document) =>
    (
      await suite.request(suite.tokens.sender, 'GET', documentPaths(sender.bin, document.id).history)
    ).json() as HistoryEvent[];
  const reject = (document: Document, bin: string, token: string) =>
    suite.request(token, 'POST', apiPath(SIGNING_PATHS.reject, { bin, id: String(document.id) }), {
      reason: 'Не согласны с суммой',
    });

  it('a signer awaiting approval can neither sign nor reject; its approver approves from the e-mailed link; then it signs', async () => {
    heard.length = 0;
    const document = await suite.document(withApprover());
    // At the send the approver is e-mailed, not the signer (it cannot sign yet).
    expect(await mails('signer@example.kz')).toEqual([]);
    const [approvalMail] = await mails(APPROVER);
    expect(approvalMail?.subject).toBe(
      `Келісуге құжат / Документ на согласование / Document for approval: ${document.name}`,
    );
    // Kazakh, Russian and English, each naming the signer approved for.
    expect(approvalMail?.body).toContain(`қол қоюы алдында келісуге жіберді`);
    expect(approvalMail?.body).toContain(`перед подписанием ${signer.nameRu}`);
    expect(approvalMail?.body).toContain(`for your approval before ${signer.nameRu} signs it`);
    expect(heard.map(([hook, e]) => [hook, e.party])).toEqual([
      ['approvalRequested', { identityNumber: signer.bin, approverEmail: APPROVER }],
    ]);
    expect((await suite.view(document, sender.bin)).signers[0]?.approval).toBe('PENDING');

    const early = await suite.sign(document, signer.bin);
    expect([early.statusCode, early.json().code]).toEqual([409, 'APPROVAL_PENDING']);
    const rejectEarly = await reject(document, signer.bin, suite.tokens.signer);
    expect([rejectEarly.statusCode, rejectEarly.json().code]).toEqual([409, 'APPROVAL_PENDING']);
    expect((await suite.view(document, signer.bin)).allowedActions).toEqual(['trash']);

    const token = tokenIn(approvalMail?.body, 'approve');
    // The outbox hands the mail server an HTML part too, the same link a link in each language.
    const queued = await suite.server.services.database.db
      .selectFrom('message_queue')
      .select('html')
      .where('recipient', '=', APPROVER)
      .executeTakeFirstOrThrow();
    const url = approvalMail?.body.match(/https?:\/\/\S+\/approve\/[A-Za-z0-9_-]+/)?.[0];
    const href = `href="${url}"`;
    expect(queued.html?.split(href)).toHaveLength(4);
    for (const lang of ['kk', 'ru', 'en']) expect(queued.html).toContain(`<section lang="${lang}">`);
    const seen = await getLink(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      approverEmail: APPROVER,
      signer: { identityNumber: signer.bin, approval: 'PENDING' },
      document: { id: document.id, allowedActions: [] },
    });
    const fileId = document.files[0]?.id ?? 0;
    const file = await suite.server.app.inject({
      method: 'GET',
      url: apiPath(SIGNING_PATHS.approvalLinkFile, { token, fileId: String(fileId) }),
    });
    expect(file.statusCode).toBe(200);

    const approved = await approve(token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().signer.approval).toBe('APPROVED');
    expect(heard.map(([hook]) => hook)).toEqual(['approvalRequested', 'approvalGranted']);
    // Now the signer gets its personal link; its company's notice of the approval is no second e-mail of it.
    const signerMails = await mails('signer@example.kz');
    expect(signerMails.filter((m) => m.body.includes('/sign/'))).toHaveLength(1);
    expect(signerMails.map((m) => m.body).join('\n')).not.toContain(
      `Документ «${document.name}» согласован (${signer.nameRu})`,
    );
    const again = await approve(token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'APPROVAL_NOT_PENDING']);

    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const events = (await history(document)).filter((e) => e.type !== 'VIEW');
    expect(events.map((e) => e.type)).toEqual(['CREATE', 'SEND', 'RECEIVE', 'APPROVE', 'SIGN', 'COMPLETE']);
    expect(events[3]).toMatchObject({ details: APPROVER, company: { bin: signer.bin } });
    // The notifications module hears the approval hooks: the signer company is asked, the sender told.
    const told = async (token: string) =>
      ((await suite.request(token, 'GET', NOTIFICATION_PATHS.list)).json() as NotificationPage).items
        .filter((n) => n.documentId === document.id)
        .map((n) => n.event);
    expect(await told(suite.tokens.signer)).toEqual(
      expect.arrayContaining(['document.approval_requested', 'document.approved']),
    );
    expect(await told(suite.tokens.sender)).toContain('document.approved');
    expect(await told(suite.tokens.outsider)).toEqual([]);
  });

  it('a decline rejects the document with the comment, as a rejection does', async () => {
    heard.length = 0;
    const document = await suite.document(withApprover());
    const token = tokenIn((await mails(APPROVER))[0]?.body, 'approve');
    const short = await decline(token, 'no');
    expect([short.statusCode, short.json().code]).toEqual([400, 'REJECT_COMMENT_LENGTH']);
    const declined = await decline(token, 'Сумма договора неверна');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().signer).toMatchObject({ approval: 'DECLINED', state: 'REJECTED' });
    const seen = await suite.view(document, sender.bin);
    expect(seen).toMatchObject({
      status: 'REJECTED',
      rejection: { identityNumber: signer.bin, reason: 'Сумма договора неверна' },
    });
    const last = (await history(document)).filter((e) => e.type !== 'VIEW').at(-1);
    expect(last).toMatchObject({ type: 'DECLINE', details: `${APPROVER}: Сумма договора неверна` });
    expect(heard.at(-1)).toEqual([
      'approvalDeclined',
      expect.objectContaining({ comment: 'Сумма договора неверна', documentId: document.id }),
    ]);
    const afterwards = await approve(token);
    expect([afterwards.statusCode, afterwards.json().code]).toEqual([403, 'DOCUMENT_CHANGE_FORBIDDEN']);
    // The sender is told of the decline with the approver's comment, and of the rejection it made.
    const told = (
      (await suite.request(suite.tokens.sender, 'GET', NOTIFICATION_PATHS.list)).json() as NotificationPage
    ).items
      .filter((n) => n.documentId === document.id)
      .map((n) => [n.event, n.reason]);
    expect(told).toEqual(
      expect.arrayContaining([
        ['document.declined', 'Сумма договора неверна'],
        ['document.rejected', 'Сумма договора неверна'],
      ]),
    );
    // The signer's company hears its approver's decline too (it did not reject: no rejection notice for it).
    const signerTold = (
      (await suite.request(suite.tokens.signer, 'GET', NOTIFICATION_PATHS.list)).json() as NotificationPage
    ).items
      .filter((n) => n.documentId === document.id)
      .map((n) => n.event);
    expect(signerTold).toContain('document.declined');
    expect(signerTold).not.toContain('document.rejected');
  });

  it("sequential with an approver in the middle: each is e-mailed at its turn, the approval at its signer's turn", async () => {
    const document = await suite.document({
      signingMethod: 'SEQUENTIAL',
      signers: [
        { identityNumber: signer.bin, email: 'signer@example.kz', nameRu: signer.nameRu },
        {
          identityNumber: second.bin,
          email: 'second@example.kz',
          nameRu: second.nameRu,
          approverEmail: APPROVER,
        },
        { identityNumber: outsider.bin, email: 'outsider@example.kz', nameRu: outsider.nameRu },
      ],
    });
    expect((await linkMails('signer@example.kz')).length).toBe(1);
    expect(await mails(APPROVER)).toEqual([]);
    expect(await linkMails('second@example.kz')).toEqual([]);
    expect(await linkMails('outsider@example.kz')).toEqual([]);
    // A signer whose turn has not come can neither sign nor reject.
    const outOfTurn = await reject(document, outsider.bin, suite.tokens.outsider);
    expect([outOfTurn.statusCode, outOfTurn.json().code]).toEqual([409, 'NOT_SIGNERS_TURN']);

    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const approvalMails = await mails(APPROVER);
    expect(approvalMails.length).toBe(1);
    expect(await linkMails('second@example.kz')).toEqual([]);
    const pending = await suite.sign(document, second.bin);
    expect([pending.statusCode, pending.json().code]).toEqual([409, 'APPROVAL_PENDING']);

    expect((await approve(tokenIn(approvalMails[0]?.body, 'approve'))).statusCode).toBe(200);
    expect((await linkMails('second@example.kz')).length).toBe(1);
    expect(await linkMails('outsider@example.kz')).toEqual([]);
    expect((await suite.sign(document, second.bin)).statusCode).toBe(200);
    expect((await linkMails('outsider@example.kz')).length).toBe(1);
    expect((await suite.sign(document, outsider.bin)).statusCode).toBe(200);
    expect((await suite.view(document, sender.bin)).status).toBe('SIGNED');
  });

  it("the approver sees its document's files, original and preview, through its link's token and no other way", async () => {
    const document = await suite.document(withApprover());
    const token = tokenIn((await mails(APPROVER))[0]?.body, 'approve');
    const other = await suite.document(withApprover());
    const fileId = document.files[0]?.id ?? 0;
    const fileOf = (path: string, linkToken: string, id: number) =>
      suite.server.app.inject({
        method: 'GET',
        url: apiPath(path, { token: linkToken, fileId: String(id) }),
      });

    const original = await fileOf(SIGNING_PATHS.approvalLinkFile, token, fileId);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload).toEqual(await suite.fileBytes(document, fileId));
    const preview = await fileOf(SIGNING_PATHS.approvalLinkFilePreview, token, fileId);
    expect([preview.statusCode, preview.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(preview.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Another document's file through this link: not found, whether it exists or not.
    const foreign = other.files[0]?.id ?? 0;
    for (const path of [SIGNING_PATHS.approvalLinkFile, SIGNING_PATHS.approvalLinkFilePreview]) {
      const refused = await fileOf(path, token, foreign);
      expect([refused.statusCode, refused.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
      const unknown = await fileOf(path, 'x'.repeat(43), fileId);
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'APPROVAL_LINK_NOT_FOUND']);
    }
    // A signing link's token is no approval link's.
    await suite.document();
    const signingToken = tokenIn((await linkMails('signer@example.kz'))[0]?.body, 'sign');
    const crossed = await fileOf(SIGNING_PATHS.approvalLinkFilePreview, signingToken, fileId);
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'APPROVAL_LINK_NOT_FOUND']);

    suite.clock.advance(31 * 24 * 60 * 60);
    const expired = await fileOf(SIGNING_PATHS.approvalLinkFilePreview, token, fileId);
    expect([expired.statusCode, expired.json().code]).toEqual([404, 'APPROVAL_LINK_NOT_FOUND']);
  });

  it("the approver's link expires like a signing link and the sender can send a new one", async () => {
    const document = await suite.document(withApprover());
    const first = tokenIn((await mails(APPROVER))[0]?.body, 'approve');
    suite.clock.advance(31 * 24 * 60 * 60);
    const expired = await getLink(first);
    expect([expired.statusCode, expired.json().code]).toEqual([404, 'APPROVAL_LINK_NOT_FOUND']);
    suite.tokens.sender = await suite.login('sender@example.kz');
    const resend = (bin: string, token: string) =>
      suite.request(
        token,
        'POST',
        apiPath(SIGNING_PATHS.resendApprovalLink, { bin, id: String(document.id) }),
        {
          identityNumber: signer.bin,
        },
      );
    suite.tokens.signer = await suite.login('signer@example.kz');
    const bySigner = await resend(signer.bin, suite.tokens.signer);
    expect([bySigner.statusCode, bySigner.json().code]).toEqual([403, 'DOCUMENT_CHANGE_FORBIDDEN']);
    const resent = await resend(sender.bin, suite.tokens.sender);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ identityNumber: signer.bin, email: APPROVER });
    const tooSoon = await resend(sender.bin, suite.tokens.sender);
    expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([429, 'SIGNING_LINK_RESEND_TOO_EARLY']);
    const fresh = tokenIn((await mails(APPROVER))[0]?.body, 'approve');
    expect(fresh).not.toBe(first);
    expect((await getLink(first)).statusCode).toBe(404);
    expect((await getLink(fresh)).statusCode).toBe(200);
  });
});

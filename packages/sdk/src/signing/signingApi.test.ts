import { type DocumentDraft, SIGNING_PATHS } from '@qoltanba/core';
import { ALFA, BETA, testServerPerFile, WORLD_USERS } from '@qoltanba/server/testing';
import type { TestSigner } from '@qoltanba/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../api/apiError';
import { $companies } from '../company/companyStore';
import { createDocumentStore } from '../documents/documentStore';
import {
  createDocument,
  getDocument,
  listDocuments,
  sendDocument,
  trashDocument,
} from '../documents/documentsApi';
import { pdfFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import { attachCompanyWithNcaLayer } from './attachBySignature';
import type { NcaLayerClient, NcaLayerSignOptions } from './ncaLayerClient';
import type { NcaLayerSigning, SigningProgress } from './signFiles';
import {
  rejectDocument,
  resendSigningLink,
  revokeDocument,
  signDocument,
  startQrSigning,
  submitDocumentSignatures,
} from './signingApi';
import { DEFAULT_SIGNING_CONFIG, getSigningConfig } from './signingConfig';
import { getSigningLink, rejectByLink, signByLink } from './signingLinkApi';

const test = testServerPerFile();
const ALFA_BIN = ALFA.bin;
const BETA_BIN = BETA.bin;
// Daniyar signs as an individual; aigerim (admin of ALFA and BETA) acts for both companies.
const person = {
  identityNumber: WORLD_USERS.daniyar.iin,
  email: WORLD_USERS.daniyar.email,
  nameRu: 'Ахметов Данияр',
};
const beta = { identityNumber: BETA_BIN, email: 'beta@example.kz', nameRu: 'АО Бета' };
// A company of the register nobody in the world has attached (attach by signature).
const DALA = { bin: '150940001238', nameRu: 'ТОО «Дала Софт»' };

const fromBase64 = (data: string) => Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A real detached CMS of `content` by `signer` on the server's clock. */
const cmsOf = (signer: TestSigner, content: Uint8Array) =>
  toBase64(signer.signCms({ content, detached: true, signingTime: test.server.clock.now() }));

/** aigerim's certificate for `company` (an individual's for none), from the test CA the server trusts. */
const certificate = (company?: { bin: string; nameRu: string }) =>
  test.server.world.certificate('aigerim', company);

/**
 * An NCALayer stand-in: records what it was asked and signs each item with `signer` (aigerim for BETA by default)
 * as NCALayer would, or answers as `answer` says.
 */
function stubNcaLayer(
  signer: TestSigner | (() => TestSigner) = () => certificate(BETA),
  answer?: (data: string[]) => string[] | 'cancelled',
) {
  const calls: Array<{ data: string[]; options: NcaLayerSignOptions | undefined; signed: string[] }> = [];
  const ncaLayer: NcaLayerClient = {
    signCms: async (items, options) => {
      const data = items.map((item) =>
        typeof item === 'string' ? item : btoa(String.fromCharCode(...item)),
      );
      const key = typeof signer === 'function' ? signer() : signer;
      const signed = answer ? answer(data) : data.map((item) => cmsOf(key, fromBase64(item)));
      calls.push({ data, options, signed: signed === 'cancelled' ? [] : signed });
      return signed;
    },
  };
  return { ncaLayer, calls };
}

function signing(
  ncaLayer: NcaLayerClient,
  onProgress?: (progress: SigningProgress) => void,
): NcaLayerSigning {
  return {
    ncaLayer,
    signingConfig: DEFAULT_SIGNING_CONFIG,
    lang: 'en',
    ...(onProgress ? { onProgress } : {}),
  };
}

async function sentTo(signers: DocumentDraft['signers'], files = [pdfFile('a.pdf'), pdfFile('b.pdf', 100)]) {
  const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers };
  const created = await createDocument(draft, files, { bin: ALFA_BIN });
  return sendDocument(created.id, { bin: ALFA_BIN });
}

/** The token of the personal link last e-mailed to `email`. */
async function linkTokenOf(email: string): Promise<string> {
  const [url] = await test.server.links(email);
  const token = url ? new URL(url).pathname.split('/').at(-1) : undefined;
  if (!token) throw new Error(`no signing link was e-mailed to ${email}`);
  return token;
}

const setupLoggedIn = () => loggedInOn(test.server);

const codeOf = (error: unknown) => (isApiError(error) ? error.code : error);

describe('signDocument', () => {
  it('downloads every file, has NCALayer sign them all with the BIN filter, and posts one CMS per file', async () => {
    const { server } = await setupLoggedIn();
    const document = await sentTo([beta, person]);
    const { ncaLayer, calls } = stubNcaLayer();
    const progress: SigningProgress[] = [];

    const signed = await signDocument(
      document,
      signing(ncaLayer, (step) => progress.push(step)),
      { bin: BETA_BIN },
    );

    expect(signed).not.toBe('cancelled');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.data.map((item) => atob(item).slice(0, 5))).toEqual(['%PDF-', '%PDF-']);
    expect(calls[0]?.options).toMatchObject({
      bin: BETA_BIN,
      extKeyUsageOids: ['1.3.6.1.5.5.7.3.4'],
      locale: 'en',
    });
    expect(calls[0]?.options?.iin).toBeUndefined();
    const posted = server.callsTo(['POST', SIGNING_PATHS.sign])[0]?.json() as { signatures: unknown[] };
    expect(posted.signatures).toEqual(
      document.files.map((file, index) => ({ fileId: file.id, cms: calls[0]?.signed[index] })),
    );
    expect(progress.map((step) => step.phase)).toEqual(['downloading', 'downloading', 'signing', 'sending']);
    expect(signed !== 'cancelled' && signed.signers.find((s) => s.identityNumber === BETA_BIN)?.state).toBe(
      'SIGNED',
    );
  });

  it("posts nothing when the person cancels NCALayer's dialog", async () => {
    const { server } = await setupLoggedIn();
    const document = await sentTo([beta]);
    const { ncaLayer } = stubNcaLayer(undefined, () => 'cancelled');
    await expect(signDocument(document, signing(ncaLayer), { bin: BETA_BIN })).resolves.toBe('cancelled');
    expect(server.callsTo(['POST', SIGNING_PATHS.sign])).toHaveLength(0);
  });

  it('completes the document with the last signature and refuses a second one', async () => {
    await setupLoggedIn();
    const document = await sentTo([beta]);
    const { ncaLayer } = stubNcaLayer();
    const signed = await signDocument(document, signing(ncaLayer), { bin: BETA_BIN });
    expect(signed !== 'cancelled' && signed.status).toBe('SIGNED');
    const again = await signDocument(document, signing(ncaLayer), { bin: BETA_BIN }).catch(codeOf);
    expect(again).toBe('DOCUMENT_ALREADY_SIGNED');
  });

  it("answers the server's codes: not a signer, revoked certificate", async () => {
    await setupLoggedIn();
    const document = await sentTo([person]);
    const { ncaLayer } = stubNcaLayer();
    expect(await signDocument(document, signing(ncaLayer), { bin: BETA_BIN }).catch(codeOf)).toBe(
      'ENTITY_NOT_FOUND',
    );

    // The CA revoked a certificate of aigerim for ALFA: the sender signing with it is refused.
    const withBeta = await sentTo([beta, person]);
    const revoked = stubNcaLayer(() => test.server.world.revokedCertificate);
    expect(await signDocument(withBeta, signing(revoked.ncaLayer), { bin: ALFA_BIN }).catch(codeOf)).toBe(
      'CERTIFICATE_REVOKED',
    );
  });

  it('needs exactly one CMS per file of the document', async () => {
    await setupLoggedIn();
    const document = await sentTo([beta]);
    const [first, second] = document.files;
    const cms = cmsOf(certificate(BETA), new Uint8Array([1, 2, 3]));
    const one = [{ fileId: first?.id ?? 0, cms }];
    expect(
      await submitDocumentSignatures(document.id, { signatures: one }, { bin: BETA_BIN }).catch(codeOf),
    ).toBe('SIGNATURE_MISSING');
    const twice = [...one, { fileId: first?.id ?? 0, cms }, { fileId: second?.id ?? 0, cms }];
    expect(
      await submitDocumentSignatures(document.id, { signatures: twice }, { bin: BETA_BIN }).catch(codeOf),
    ).toBe('SIGNED_FILE_MISMATCH');
    // What is not a CMS cannot be read.
    const unreadable = document.files.map((file) => ({ fileId: file.id, cms: btoa('not a CMS') }));
    expect(
      await submitDocumentSignatures(document.id, { signatures: unreadable }, { bin: BETA_BIN }).catch(
        codeOf,
      ),
    ).toBe('SIGNATURE_INVALID');
  });

  it("signs and sends the sender's draft", async () => {
    await setupLoggedIn();
    const draft = await createDocument(
      { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [beta] },
      [pdfFile()],
      { bin: ALFA_BIN },
    );
    expect(draft.allowedActions).toContain('sign');
    const { ncaLayer } = stubNcaLayer(() => certificate(ALFA));
    const sent = await signDocument(draft, signing(ncaLayer), { bin: ALFA_BIN });
    expect(sent !== 'cancelled' && sent.status).toBe('AT_SIGNING');
    // The sender's signature counts: the document can no longer be revoked.
    expect(sent !== 'cancelled' && sent.allowedActions).not.toContain('revoke');
    expect(await revokeDocument(draft.id, { bin: ALFA_BIN }).catch(codeOf)).toBe('DOCUMENT_REVOKE_FORBIDDEN');
  });
});

describe('allowedActions (what the server offers)', () => {
  it('offers the sender sign on its draft and once on the document at signing, and revoke only before it signed', async () => {
    await setupLoggedIn();
    const draft = await createDocument(
      { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [beta] },
      [pdfFile()],
      { bin: ALFA_BIN },
    );
    expect(draft.allowedActions).toEqual(['update', 'send', 'sign', 'copy', 'trash']);
    const sent = await sendDocument(draft.id, { bin: ALFA_BIN });
    expect(sent.allowedActions).toEqual(['sign', 'revoke', 'copy', 'trash']);
    const signed = await signDocument(sent, signing(stubNcaLayer(() => certificate(ALFA)).ncaLayer), {
      bin: ALFA_BIN,
    });
    expect(signed !== 'cancelled' && [signed.status, signed.allowedActions]).toEqual([
      'AT_SIGNING',
      ['copy', 'trash'],
    ]);
    const again = [{ fileId: sent.files[0]?.id ?? 0, cms: cmsOf(certificate(ALFA), new Uint8Array([1])) }];
    expect(
      await submitDocumentSignatures(sent.id, { signatures: again }, { bin: ALFA_BIN }).catch(codeOf),
    ).toBe('ALREADY_SIGNED_BY_BIN');
    // The sender's signature does not complete the document: the listed signer does.
    const done = await signDocument(sent, signing(stubNcaLayer().ncaLayer), { bin: BETA_BIN });
    expect(done !== 'cancelled' && done.status).toBe('SIGNED');
  });

  it("lists the sender's own signature under its outgoing 'signed by me', as the server does", async () => {
    await setupLoggedIn();
    const draft = await createDocument(
      { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [beta] },
      [pdfFile()],
      { bin: ALFA_BIN },
    );
    const signedByMe = async () =>
      (await listDocuments({ box: 'outgoing', filter: 'signedByMe' }, { bin: ALFA_BIN })).items.map(
        (item) => item.id,
      );
    const sent = await sendDocument(draft.id, { bin: ALFA_BIN });
    expect(await signedByMe()).toEqual([]);
    await signDocument(sent, signing(stubNcaLayer(() => certificate(ALFA)).ncaLayer), { bin: ALFA_BIN });
    expect(await signedByMe()).toEqual([sent.id]);
  });

  it('offers a later signer of a sequential document nothing but trash before its turn, sign and reject once it comes', async () => {
    await setupLoggedIn();
    const draft = await createDocument(
      { name: 'Договор поставки', signingMethod: 'SEQUENTIAL', signers: [person, beta] },
      [pdfFile()],
      { bin: ALFA_BIN },
    );
    const sent = await sendDocument(draft.id, { bin: ALFA_BIN });
    // Core's rule: a signer whose turn has not come may not reject either (NOT_SIGNERS_TURN).
    expect((await getDocument(sent.id, { bin: BETA_BIN })).allowedActions).toEqual(['trash']);
    expect(
      await submitDocumentSignatures(
        sent.id,
        {
          signatures: [
            { fileId: sent.files[0]?.id ?? 0, cms: cmsOf(certificate(BETA), new Uint8Array([1])) },
          ],
        },
        { bin: BETA_BIN },
      ).catch(codeOf),
    ).toBe('NOT_SIGNERS_TURN');
    const token = await linkTokenOf(person.email);
    const view = await getSigningLink(token);
    expect(view.document.allowedActions).toEqual(['sign', 'reject']);
    await signByLink(
      token,
      view,
      signing(stubNcaLayer(() => test.server.world.certificate('daniyar')).ncaLayer),
    );
    expect((await getDocument(sent.id, { bin: BETA_BIN })).allowedActions).toEqual([
      'sign',
      'reject',
      'trash',
    ]);
    const rejected = await rejectDocument(sent.id, 'Неверные реквизиты', { bin: BETA_BIN });
    expect([rejected.status, rejected.allowedActions]).toEqual(['REJECTED', ['trash']]);
  });
});

describe('startQrSigning (as the server, only for a party that may sign now)', () => {
  it("refuses a sequential document's later signer before its turn, and lets the sender sign its draft", async () => {
    await setupLoggedIn();
    const draft = await createDocument(
      { name: 'Договор поставки', signingMethod: 'SEQUENTIAL', signers: [person, beta] },
      [pdfFile()],
      { bin: ALFA_BIN },
    );
    expect((await startQrSigning(draft.id, { bin: ALFA_BIN })).qrPayload).toMatch(/^mobileSign:/);
    const sent = await sendDocument(draft.id, { bin: ALFA_BIN });
    expect(await startQrSigning(sent.id, { bin: BETA_BIN }).catch(codeOf)).toBe('NOT_SIGNERS_TURN');
  });
});

describe('rejectDocument and revokeDocument', () => {
  it('rejects with a reason while AT_SIGNING, and only then', async () => {
    await setupLoggedIn();
    const document = await sentTo([beta]);
    expect(await rejectDocument(document.id, 'abc', { bin: BETA_BIN }).catch(codeOf)).toBe(
      'REJECT_COMMENT_LENGTH',
    );
    const rejected = await rejectDocument(document.id, 'Неверные реквизиты', { bin: BETA_BIN });
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.rejection).toMatchObject({ identityNumber: BETA_BIN, reason: 'Неверные реквизиты' });
    expect(await rejectDocument(document.id, 'Ещё раз нет', { bin: BETA_BIN }).catch(codeOf)).toBe(
      'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
    );
  });

  it('revokes only by the sender and only while nobody has signed', async () => {
    await setupLoggedIn();
    const document = await sentTo([beta, person]);
    expect(await revokeDocument(document.id, { bin: BETA_BIN }).catch(codeOf)).toBe('REVOKE_ONLY_BY_SENDER');
    await signDocument(document, signing(stubNcaLayer().ncaLayer), { bin: BETA_BIN });
    expect(await revokeDocument(document.id, { bin: ALFA_BIN }).catch(codeOf)).toBe(
      'DOCUMENT_REVOKE_FORBIDDEN',
    );

    const fresh = await sentTo([beta]);
    expect((await revokeDocument(fresh.id, { bin: ALFA_BIN })).status).toBe('REVOKED');
  });

  it('the document store runs them and keeps the answer', async () => {
    await setupLoggedIn();
    const document = await sentTo([beta]);
    const store = createDocumentStore(document.id);
    const stop = store.listen(() => {});
    try {
      // The acting company is ТОО Альфа, the sender.
      expect((await store.revoke()).status).toBe('REVOKED');
      expect(store.get().document?.status).toBe('REVOKED');
      await expect(store.reject('Неверные реквизиты')).rejects.toMatchObject({
        code: 'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
      });
      expect(store.get().error).toBe('ONLY_IN_PROGRESS_CAN_BE_REJECTED');
    } finally {
      stop();
    }
  });
});

describe('personal links', () => {
  it('opens the document, signs it with the IIN filter and reports unknown or expired links', async () => {
    const { server } = await setupLoggedIn();
    const document = await sentTo([person]);
    // A resend at once is refused (the send's e-mail counts); after the cooldown it goes out.
    const early = await resendSigningLink(document.id, person.identityNumber, { bin: ALFA_BIN }).catch(
      (e) => e,
    );
    expect(early).toMatchObject({ code: 'SIGNING_LINK_RESEND_TOO_EARLY', params: { retryAfter: 600 } });
    server.clock.advance(600);
    const link = await resendSigningLink(document.id, person.identityNumber, { bin: ALFA_BIN });
    expect(link).toMatchObject({ identityNumber: person.identityNumber, email: person.email });
    const token = await linkTokenOf(person.email);

    const view = await getSigningLink(token);
    expect(view.signer.identityNumber).toBe(person.identityNumber);
    expect(view.document.allowedActions).toEqual(['sign', 'reject']);

    const { ncaLayer, calls } = stubNcaLayer(() => server.world.certificate('daniyar'));
    const signed = await signByLink(token, view, signing(ncaLayer));
    expect(calls[0]?.options).toMatchObject({ iin: person.identityNumber });
    expect(signed !== 'cancelled' && signed.document.status).toBe('SIGNED');

    expect(await getSigningLink('nope').catch(codeOf)).toBe('SIGNING_LINK_NOT_FOUND');
    server.clock.advance(31 * 24 * 60 * 60);
    expect(await getSigningLink(token).catch(codeOf)).toBe('SIGNING_LINK_NOT_FOUND');
  });

  it("shows the link's document without the signer company's trash", async () => {
    await setupLoggedIn();
    const document = await sentTo([beta]);
    await trashDocument(document.id, { bin: BETA_BIN });
    const token = await linkTokenOf(beta.email);
    const view = await getSigningLink(token);
    expect(view.document).toMatchObject({
      status: 'AT_SIGNING',
      trash: null,
      allowedActions: ['sign', 'reject'],
    });
  });

  it('rejects through the link', async () => {
    await setupLoggedIn();
    await sentTo([person]);
    const token = await linkTokenOf(person.email);
    const view = await rejectByLink(token, 'Не наш договор');
    expect(view.document.status).toBe('REJECTED');
    expect(view.signer.state).toBe('REJECTED');
    expect(view.document.allowedActions).toEqual([]);
  });
});

describe('attachCompanyWithNcaLayer', () => {
  it("signs the server's challenge with a legal entity's key and takes the new company list", async () => {
    await setupLoggedIn();
    const { ncaLayer, calls } = stubNcaLayer(() => certificate(DALA));
    const companies = await attachCompanyWithNcaLayer(signing(ncaLayer));
    expect(calls[0]?.data).toHaveLength(1);
    expect(calls[0]?.options?.extKeyUsageOids).toEqual(['1.3.6.1.5.5.7.3.4', '1.2.398.3.3.4.1.2']);
    expect(companies !== 'cancelled' && companies.map((entry) => entry.bin)).toContain(DALA.bin);
    await vi.waitFor(() => expect($companies.get().map((entry) => entry.bin)).toContain(DALA.bin));
  });

  it('refuses a revoked certificate', async () => {
    await setupLoggedIn();
    const { ncaLayer } = stubNcaLayer(() => test.server.world.revokedCertificate);
    expect(await attachCompanyWithNcaLayer(signing(ncaLayer)).catch(codeOf)).toBe('CERTIFICATE_REVOKED');
  });
});

describe('getSigningConfig', () => {
  it("reads the server's config anonymously", async () => {
    const { server } = await setupLoggedIn();
    const config = await getSigningConfig();
    const served = await (await server.directFetch(`${server.baseUrl}${SIGNING_PATHS.config}`)).json();
    expect(config).toEqual(served);
    const call = server.callsTo(['GET', SIGNING_PATHS.config])[0];
    expect(call?.headers.get('authorization')).toBeNull();
  });
});

afterEach(() => {
  vi.useRealTimers();
});

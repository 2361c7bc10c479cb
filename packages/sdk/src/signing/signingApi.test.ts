import { type DocumentDraft, SIGNING_PATHS } from '@qoltanba/core';
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
import { FAKE_TEST_BIN, fakeCms, pdfFile } from '../testing/fakeServer';
import { ALFA_BIN, BETA_BIN, setupLoggedIn } from '../testing/setupSession';
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

const person = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };
const beta = { identityNumber: BETA_BIN, email: 'beta@example.kz', nameRu: 'АО Бета' };

/** An NCALayer stand-in: records what it was asked and signs each item as `answer` says. */
function stubNcaLayer(
  answer: (data: string[]) => string[] | 'cancelled' = (data) => data.map((_, i) => fakeCms(`signed ${i}`)),
) {
  const calls: Array<{ data: string[]; options: NcaLayerSignOptions | undefined }> = [];
  const ncaLayer: NcaLayerClient = {
    signCms: async (items, options) => {
      const data = items.map((item) =>
        typeof item === 'string' ? item : btoa(String.fromCharCode(...item)),
      );
      calls.push({ data, options });
      return answer(data);
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
    const posted = server.callsTo('POST', SIGNING_PATHS.sign)[0]?.body as { signatures: unknown[] };
    expect(posted.signatures).toEqual(
      document.files.map((file, index) => ({ fileId: file.id, cms: fakeCms(`signed ${index}`) })),
    );
    expect(progress.map((step) => step.phase)).toEqual(['downloading', 'downloading', 'signing', 'sending']);
    expect(signed !== 'cancelled' && signed.signers.find((s) => s.identityNumber === BETA_BIN)?.state).toBe(
      'SIGNED',
    );
  });

  it("posts nothing when the person cancels NCALayer's dialog", async () => {
    const { server } = await setupLoggedIn();
    const document = await sentTo([beta]);
    const { ncaLayer } = stubNcaLayer(() => 'cancelled');
    await expect(signDocument(document, signing(ncaLayer), { bin: BETA_BIN })).resolves.toBe('cancelled');
    expect(server.callsTo('POST', SIGNING_PATHS.sign)).toHaveLength(0);
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

    const withBeta = await sentTo([beta, person]);
    const revoked = stubNcaLayer((data) => data.map(() => fakeCms('revoked')));
    expect(await signDocument(withBeta, signing(revoked.ncaLayer), { bin: BETA_BIN }).catch(codeOf)).toBe(
      'CERTIFICATE_REVOKED',
    );
  });

  it('needs exactly one CMS per file of the document', async () => {
    await setupLoggedIn();
    const document = await sentTo([beta]);
    const [first, second] = document.files;
    const one = [{ fileId: first?.id ?? 0, cms: fakeCms('signed') }];
    expect(
      await submitDocumentSignatures(document.id, { signatures: one }, { bin: BETA_BIN }).catch(codeOf),
    ).toBe('SIGNATURE_MISSING');
    const twice = [
      ...one,
      { fileId: first?.id ?? 0, cms: fakeCms('signed') },
      { fileId: second?.id ?? 0, cms: fakeCms('signed') },
    ];
    expect(
      await submitDocumentSignatures(document.id, { signatures: twice }, { bin: BETA_BIN }).catch(codeOf),
    ).toBe('SIGNED_FILE_MISMATCH');
    // What is neither a marked nor a DER-shaped CMS cannot be read, as on the server.
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
    const { ncaLayer } = stubNcaLayer();
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
    const signed = await signDocument(sent, signing(stubNcaLayer().ncaLayer), { bin: ALFA_BIN });
    expect(signed !== 'cancelled' && [signed.status, signed.allowedActions]).toEqual([
      'AT_SIGNING',
      ['copy', 'trash'],
    ]);
    const again = [{ fileId: sent.files[0]?.id ?? 0, cms: fakeCms('signed') }];
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
    await signDocument(sent, signing(stubNcaLayer().ncaLayer), { bin: ALFA_BIN });
    expect(await signedByMe()).toEqual([sent.id]);
  });

  it('offers a later signer of a sequential document nothing but trash before its turn, sign and reject once it comes', async () => {
    const { server } = await setupLoggedIn();
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
        { signatures: [{ fileId: sent.files[0]?.id ?? 0, cms: fakeCms('signed') }] },
        { bin: BETA_BIN },
      ).catch(codeOf),
    ).toBe('NOT_SIGNERS_TURN');
    const { token } = server.signing.issueLink(sent.id, person.identityNumber);
    const view = await getSigningLink(token);
    expect(view.document.allowedActions).toEqual(['sign', 'reject']);
    await signByLink(token, view, signing(stubNcaLayer().ncaLayer));
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
    const { server, clock } = await setupLoggedIn();
    const document = await sentTo([person]);
    // A resend at once is refused (the send's e-mail counts); after the cooldown it goes out.
    const early = await resendSigningLink(document.id, person.identityNumber, { bin: ALFA_BIN }).catch(
      (e) => e,
    );
    expect(early).toMatchObject({ code: 'SIGNING_LINK_RESEND_TOO_EARLY', params: { retryAfter: 600 } });
    clock.now += 600_000;
    const link = await resendSigningLink(document.id, person.identityNumber, { bin: ALFA_BIN });
    expect(link).toMatchObject({ identityNumber: person.identityNumber, email: person.email });
    const [issued] = [...server.signing.links.values()];
    const token = issued?.token ?? '';

    const view = await getSigningLink(token);
    expect(view.signer.identityNumber).toBe(person.identityNumber);
    expect(view.document.allowedActions).toEqual(['sign', 'reject']);

    const { ncaLayer, calls } = stubNcaLayer();
    const signed = await signByLink(token, view, signing(ncaLayer));
    expect(calls[0]?.options).toMatchObject({ iin: person.identityNumber });
    expect(signed !== 'cancelled' && signed.document.status).toBe('SIGNED');

    expect(await getSigningLink('nope').catch(codeOf)).toBe('SIGNING_LINK_NOT_FOUND');
    clock.now += 31 * 24 * 60 * 60 * 1000;
    expect(await getSigningLink(token).catch(codeOf)).toBe('SIGNING_LINK_NOT_FOUND');
  });

  it("shows the link's document without the signer company's trash", async () => {
    const { server } = await setupLoggedIn();
    const document = await sentTo([beta]);
    await trashDocument(document.id, { bin: BETA_BIN });
    const { token } = server.signing.issueLink(document.id, BETA_BIN);
    const view = await getSigningLink(token);
    expect(view.document).toMatchObject({
      status: 'AT_SIGNING',
      trash: null,
      allowedActions: ['sign', 'reject'],
    });
  });

  it('rejects through the link', async () => {
    const { server } = await setupLoggedIn();
    const document = await sentTo([person]);
    const { token } = server.signing.issueLink(document.id, person.identityNumber);
    const view = await rejectByLink(token, 'Не наш договор');
    expect(view.document.status).toBe('REJECTED');
    expect(view.signer.state).toBe('REJECTED');
    expect(view.document.allowedActions).toEqual([]);
  });
});

describe('attachCompanyWithNcaLayer', () => {
  it("signs the server's challenge with a legal entity's key and takes the new company list", async () => {
    await setupLoggedIn();
    const { ncaLayer, calls } = stubNcaLayer();
    const companies = await attachCompanyWithNcaLayer(signing(ncaLayer));
    expect(calls[0]?.data).toHaveLength(1);
    expect(calls[0]?.options?.extKeyUsageOids).toEqual(['1.3.6.1.5.5.7.3.4', '1.2.398.3.3.4.1.2']);
    expect(companies !== 'cancelled' && companies.map((entry) => entry.bin)).toContain(FAKE_TEST_BIN);
    await vi.waitFor(() => expect($companies.get().map((entry) => entry.bin)).toContain(FAKE_TEST_BIN));
  });

  it('refuses a revoked certificate', async () => {
    await setupLoggedIn();
    const { ncaLayer } = stubNcaLayer(() => [fakeCms('revoked')]);
    expect(await attachCompanyWithNcaLayer(signing(ncaLayer)).catch(codeOf)).toBe('CERTIFICATE_REVOKED');
  });
});

describe('getSigningConfig', () => {
  it("reads the fake's config anonymously", async () => {
    const { server } = await setupLoggedIn();
    server.signing.setSigningConfig({
      ncaLayerUrl: 'wss://127.0.0.1:13579',
      testSigner: { label: 'NCA TEST' },
    });
    await expect(getSigningConfig()).resolves.toEqual({
      ncaLayerUrl: 'wss://127.0.0.1:13579',
      testSigner: { label: 'NCA TEST' },
    });
    const call = server.callsTo('GET', SIGNING_PATHS.config)[0];
    expect(call?.headers.get('authorization')).toBeNull();
  });
});

afterEach(() => {
  vi.useRealTimers();
});

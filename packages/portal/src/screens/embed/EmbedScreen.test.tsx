import { EMBED_PATHS, type EmbedPurpose, type EmbedSessionView, type SigningLinkView } from '@qoltanba/core';
import {
  createDocument,
  type EmbedEvent,
  type EmbedHostConnectionOptions,
  getSigningLink,
  type NcaLayerClient,
  sendDocument,
  setLocale,
} from '@qoltanba/sdk';
import { fakeCms, pdfFile } from '@qoltanba/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, signInSdkFake } from '../../test/sdkSession';
import { resetEmbedExchanges } from './embedFrame';

// The host page is a stand-in: penpal's handshake needs two real windows (e2e/tests/embed.spec.ts has them).
const host = vi.hoisted(() => ({
  framed: true,
  parentOrigin: 'https://partner.example' as string | null,
  connections: [] as { options: unknown; events: unknown[]; heights: number[] }[],
  ncaLayer: undefined as unknown,
}));
vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  return {
    ...sdk,
    isFramed: () => host.framed,
    embedParentOrigin: () => host.parentOrigin,
    connectToEmbedHost: (options: unknown) => {
      const connection = { options, events: [] as unknown[], heights: [] as number[] };
      host.connections.push(connection);
      return {
        host: new Promise(() => undefined),
        report: (event: unknown) => connection.events.push(event),
        resize: (height: number) => connection.heights.push(height),
        destroy: () => undefined,
      };
    },
    ncaLayerFor: (...args: Parameters<typeof sdk.ncaLayerFor>) =>
      (host.ncaLayer as NcaLayerClient | undefined) ?? sdk.ncaLayerFor(...args),
  };
});

const ORIGINS = ['https://partner.example'];
const person = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };

interface EmbedServer {
  exchange: (token: string) => Response;
  view: () => EmbedSessionView;
  sign?: (body: unknown) => EmbedSessionView;
  create?: (form: FormData) => Response;
  calls: { path: string; method: string; authorization: string | null; credentials: string | undefined }[];
}

// The embed client calls the server with plain fetch (no portal client): the routes answer here.
function serveEmbed(server: EmbedServer) {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    const headers = new Headers(init.headers);
    server.calls.push({
      path,
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      credentials: init.credentials,
    });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (path === EMBED_PATHS.sessions) return server.exchange(JSON.parse(String(init.body)).token);
    if (path === EMBED_PATHS.session) return json(server.view());
    if (path === EMBED_PATHS.sign && server.sign) return json(server.sign(JSON.parse(String(init.body))));
    if (path === EMBED_PATHS.document && server.create) return server.create(init.body as FormData);
    if (path.startsWith(EMBED_PATHS.session)) return new Response('%PDF-1.4 fake', { status: 200 });
    return new Response(JSON.stringify({ code: 'ROUTE_NOT_FOUND', message: 'no' }), { status: 404 });
  });
}

const sessionOf = (purpose: string, documentId: number | null) =>
  new Response(
    JSON.stringify({
      session: 'es_1',
      expiresAt: '2026-11-25T10:30:00.000Z',
      purpose,
      documentId,
      signer: documentId ? person.identityNumber : null,
      allowedOrigins: ORIGINS,
      lang: null,
    }),
    { status: 200 },
  );

/** The view of a `purpose` session: no document, company or required signer unless `fields` gives them. */
const sessionView = (purpose: EmbedPurpose, fields: Partial<EmbedSessionView> = {}): EmbedSessionView => ({
  purpose,
  allowedOrigins: ORIGINS,
  lang: null,
  document: null,
  company: null,
  requiredSigner: null,
  ...fields,
});

/**
 * Serves the embed routes for a token of `purpose` that exchanges for session es_1 (of `documentId`); the session
 * answers `view` (by default {@link sessionView}), signs with `sign`, creates with `create`.
 */
function serveSession(
  purpose: EmbedPurpose,
  options: Partial<Pick<EmbedServer, 'view' | 'sign' | 'create'>> & { documentId?: number } = {},
): EmbedServer {
  const { documentId = null, view = () => sessionView(purpose), ...routes } = options;
  const server: EmbedServer = { exchange: () => sessionOf(purpose, documentId), view, ...routes, calls: [] };
  serveEmbed(server);
  return server;
}

const refused = (code: string, status: number) =>
  new Response(JSON.stringify({ code, message: code }), { status });

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
  resetEmbedExchanges();
  host.framed = true;
  host.parentOrigin = 'https://partner.example';
  host.connections.length = 0;
  host.ncaLayer = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.removeAttribute('style');
});

function lastConnection() {
  const connection = host.connections.at(-1);
  if (!connection) throw new Error('the page did not connect to its host');
  return connection as { options: EmbedHostConnectionOptions; events: EmbedEvent[]; heights: number[] };
}

/** A document of ТОО Альфа sent to a person; the signer's view of it as an embed 'sign' session shows it. */
async function signerView(): Promise<SigningLinkView> {
  const session = await signInSdkFake();
  const draft = await createDocument(
    { name: 'Supply contract', signingMethod: 'PARALLEL', signers: [person] },
    [pdfFile('contract.pdf', 256)],
    { bin: ALFA_BIN },
  );
  const sent = await sendDocument(draft.id, { bin: ALFA_BIN });
  return getSigningLink(session.server.signing.issueLink(sent.id, person.identityNumber).token);
}

describe('embed page', () => {
  it('shows a refused token with its code and reports it to the parent the browser let frame it', async () => {
    const server: EmbedServer = {
      exchange: () => refused('EMBED_TOKEN_USED', 409),
      view: () => {
        throw new Error('no session');
      },
      calls: [],
    };
    serveEmbed(server);
    renderPortal('/embed/qe_used');
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('EMBED_TOKEN_USED');
    // Bare page: no site header or footer around the frame's content.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await waitFor(() => expect(host.connections).toHaveLength(1));
    const connection = lastConnection();
    expect(connection.options.allowedOrigins).toEqual(['https://partner.example']);
    expect(connection.events).toEqual([
      { type: 'error', code: 'EMBED_TOKEN_USED', message: alert.textContent },
    ]);
    // The token travelled in the body, never with cookies.
    expect(server.calls[0]).toMatchObject({
      path: EMBED_PATHS.sessions,
      method: 'POST',
      credentials: 'omit',
    });
  });

  it('reports nothing when it cannot know the parent of a refused token', async () => {
    host.parentOrigin = null;
    serveEmbed({ exchange: () => refused('EMBED_TOKEN_EXPIRED', 401), view: () => ({}) as never, calls: [] });
    renderPortal('/embed/qe_old');
    expect((await screen.findByRole('alert')).getAttribute('data-code')).toBe('EMBED_TOKEN_EXPIRED');
    expect(host.connections).toHaveLength(0);
  });

  it("verifies files for a 'verify' token, talks to the token's origins only and follows the host's language and theme", async () => {
    const server = serveSession('verify');
    renderPortal('/embed/qe_verify');
    expect(await screen.findByText('Upload signed files to check their signatures.')).toBeTruthy();
    await waitFor(() => expect(lastConnection().events).toEqual([{ type: 'ready' }]));
    const { options } = lastConnection();
    expect(options.allowedOrigins).toEqual(ORIGINS);
    expect(server.calls.filter((call) => call.path === EMBED_PATHS.sessions)).toHaveLength(1);
    expect(server.calls.find((call) => call.path === EMBED_PATHS.session)?.authorization).toBe('Bearer es_1');

    expect(options.methods.getStatus()).toMatchObject({ state: 'ready', purpose: 'verify', errorCode: null });
    options.methods.setLanguage('ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Документ на сайте партнёра' })).toBeTruthy();
    options.methods.setTheme('dark');
    expect(document.body.style.getPropertyValue('--qoltanba-color-surface')).toBe('#1f252d');
    options.methods.setTheme({ '--qoltanba-color-primary': '#ff0000', color: 'red' });
    expect(document.body.style.getPropertyValue('--qoltanba-color-primary')).toBe('#ff0000');
    expect(document.body.style.getPropertyValue('--qoltanba-color-surface')).toBe('');
    expect(document.body.style.getPropertyValue('color')).toBe('');
    options.methods.close();
    expect(await screen.findByText('Сайт закрыл это окно.')).toBeTruthy();
  });

  it('signs with NCALayer as the session signer and reports signed with the new status', async () => {
    const view = await signerView();
    let signed = false;
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) => data.map(() => fakeCms('signed')));
    host.ncaLayer = { signCms };
    const afterSigning = () =>
      sessionView('sign', {
        document: {
          ...view,
          document: { ...view.document, status: 'SIGNED', allowedActions: [] },
          signer: { ...view.signer, state: 'SIGNED' },
        },
      });
    const server = serveSession('sign', {
      documentId: view.document.id,
      view: () => (signed ? afterSigning() : sessionView('sign', { document: view })),
      sign: () => {
        signed = true;
        return afterSigning();
      },
    });
    renderPortal('/embed/qe_sign#lang=en&theme=light');
    await screen.findByRole('heading', { level: 2, name: 'Supply contract' });
    expect(screen.getByText(`Signer: ${person.nameRu}, BIN/IIN ${person.identityNumber}.`)).toBeTruthy();
    await waitFor(() => expect(lastConnection().events).toEqual([{ type: 'ready' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    await waitFor(() =>
      expect(lastConnection().events).toContainEqual({
        type: 'signed',
        documentId: view.document.id,
        status: 'SIGNED',
      }),
    );
    expect(signCms.mock.calls[0]?.[1]).toMatchObject({ iin: person.identityNumber });
    expect(server.calls.find((call) => call.path === EMBED_PATHS.sign)?.authorization).toBe('Bearer es_1');
    expect(lastConnection().options.methods.getStatus()).toMatchObject({
      state: 'signed',
      documentId: view.document.id,
      documentStatus: 'SIGNED',
    });
  });

  it('exchanges the single-use token once even when the page renders twice', async () => {
    const server = serveSession('verify');
    const first = renderPortal('/embed/qe_twice');
    await screen.findByText('Upload signed files to check their signatures.');
    first.unmount();
    renderPortal('/embed/qe_twice');
    await screen.findByText('Upload signed files to check their signatures.');
    expect(server.calls.filter((call) => call.path === EMBED_PATHS.sessions)).toHaveLength(1);
  });

  it('works unframed (opened on its own) without a host', async () => {
    host.framed = false;
    serveSession('verify');
    renderPortal('/embed/qe_alone');
    expect(await screen.findByText('Upload signed files to check their signatures.')).toBeTruthy();
    expect(host.connections).toHaveLength(0);
  });

  it("creates and sends a document for a 'create' token's company and reports created", async () => {
    // The upload goes through fetch here (no XMLHttpRequest), so the stand-in server above receives it.
    vi.stubGlobal('XMLHttpRequest', undefined);
    const company = { bin: '990340005977', nameRu: 'ТОО «Альфа»', nameKk: null };
    const uploads: FormData[] = [];
    const server = serveSession('create', {
      view: () => sessionView('create', { company, requiredSigner: person.identityNumber }),
      create: (form) => {
        uploads.push(form);
        const draft = JSON.parse(String(form.get('document'))) as { name: string };
        return new Response(
          JSON.stringify({ documentId: 41, number: 7, name: draft.name, status: 'AT_SIGNING' }),
          { status: 201 },
        );
      },
    });
    renderPortal('/embed/qe_create#lang=en');
    expect(
      await screen.findByText(
        `A new document of ${company.nameRu} (BIN ${company.bin}): add its files and signers, then send it for signing.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(lastConnection().events).toEqual([{ type: 'ready' }]));
    // A draft has nowhere to be continued from a partner's page: the form only sends.
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Document name' }), {
      target: { value: 'Supply contract' },
    });
    const signer = screen.getByRole('group', { name: 'Signer 1' });
    const field = (name: RegExp) => within(signer).getByRole('textbox', { name }) as HTMLInputElement;
    // The signer the token requires starts filled in.
    expect(field(/BIN\/IIN/).value).toBe(person.identityNumber);
    fireEvent.change(field(/^E-mail/), { target: { value: person.email } });
    fireEvent.change(field(/^Name in Russian/), { target: { value: person.nameRu } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [pdfFile('contract.pdf', 256)] } });
    await screen.findByText('contract.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Send for signing' }));

    const done = await screen.findByText('Document No. 7 «Supply contract» has been sent for signing.');
    expect(done.getAttribute('data-document-id')).toBe('41');
    const sent = uploads[0];
    expect([...(sent?.keys() ?? [])]).toEqual(['document', 'files']);
    expect(JSON.parse(String(sent?.get('document')))).toMatchObject({
      name: 'Supply contract',
      signers: [{ identityNumber: person.identityNumber, email: person.email, nameRu: person.nameRu }],
    });
    expect(server.calls.find((call) => call.path === EMBED_PATHS.document)?.authorization).toBe(
      'Bearer es_1',
    );
    expect(lastConnection().events).toContainEqual({
      type: 'created',
      documentId: 41,
      number: 7,
      name: 'Supply contract',
      status: 'AT_SIGNING',
    });
    expect(lastConnection().options.methods.getStatus()).toMatchObject({
      state: 'created',
      purpose: 'create',
      documentId: 41,
      documentStatus: 'AT_SIGNING',
    });
  });
});

import { apiPath, EMBED_PATHS, type EmbedPurpose, PARTNER_PATHS } from '@qoltanba/core';
import {
  type EmbedEvent,
  type EmbedHostConnectionOptions,
  type NcaLayerClient,
  setLocale,
} from '@qoltanba/sdk';
import { ALFA, INDIVIDUAL, type RecordedCall, WORLD_USERS } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { pdfFile } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';
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

// The embed routes of the real server: ТОО Альфа's partner backend (an API key aigerim makes) issues the tokens;
// the page calls the server with plain fetch (no portal client), sent to the test server here.
const test = portalServerPerFile();
const ORIGINS = ['https://partner.example'];
/** The signer of the documents: Данияр Ахметов, an individual. */
const person = {
  identityNumber: INDIVIDUAL.bin,
  email: WORLD_USERS.daniyar.email,
  nameRu: 'Ахметов Данияр',
};

/** The page's fetch goes to the test server (its own origin is happy-dom's). */
function serveEmbed(): void {
  const { server } = test;
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), server.baseUrl);
    // The embed page is served by Qoltanba: its requests carry the server's own origin.
    const headers = new Headers(init?.headers);
    headers.set('origin', server.baseUrl);
    return server.fetch(`${server.baseUrl}${url.pathname}${url.search}`, { ...init, headers });
  });
}

/** ТОО Альфа's API key for the partner origin, made by aigerim (its administrator) through the portal's routes. */
async function partnerKey(): Promise<string> {
  const { server } = test;
  const { access_token } = await server.world.login('aigerim');
  const created = await server.directFetch(
    `${server.baseUrl}${apiPath(PARTNER_PATHS.apiKeys, { bin: ALFA.bin })}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Partner shop', allowedOrigins: ORIGINS }),
    },
  );
  if (!created.ok) throw new Error(`api key: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { secret: string }).secret;
}

/** A token of `purpose` from ТОО Альфа's partner backend (for `documentId` and `signer` when given). */
async function embedToken(
  purpose: EmbedPurpose,
  fields: { documentId?: number; signer?: string; lang?: 'kk' | 'ru' | 'en' } = {},
): Promise<string> {
  const { server } = test;
  const issued = await server.directFetch(`${server.baseUrl}${PARTNER_PATHS.embedTokens}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await partnerKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ purpose, origins: ORIGINS, ...fields }),
  });
  if (!issued.ok) throw new Error(`embed token: ${issued.status} ${await issued.text()}`);
  return ((await issued.json()) as { token: string }).token;
}

/** The page's calls to an embed route. */
const callsTo = (path: string): RecordedCall[] => test.server.callsTo(path);

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

/** A document of ТОО Альфа sent to the person (one signer), through the real routes. */
function sentToPerson() {
  return test.server.documents.sent({ name: 'Supply contract', signers: [{ individual: 'daniyar' }] });
}

describe('embed page', () => {
  it('shows a refused token with its code and reports it to the parent the browser let frame it', async () => {
    const token = await embedToken('verify');
    // The partner's page used it once already.
    const { server } = test;
    const first = await server.directFetch(`${server.baseUrl}${EMBED_PATHS.sessions}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGINS[0] ?? '' },
      body: JSON.stringify({ token }),
    });
    expect(first.status).toBe(201);
    serveEmbed();
    renderPortal(`/embed/${token}`);
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
    const [exchange] = callsTo(EMBED_PATHS.sessions);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.json()).toEqual({ token });
    expect(exchange?.path).toBe(EMBED_PATHS.sessions);
  });

  it('reports nothing when it cannot know the parent of a refused token', async () => {
    host.parentOrigin = null;
    const token = await embedToken('verify');
    // Past the token's life (the shortest a partner may ask for is a minute; the default is longer).
    test.server.clock.advance(60 * 60);
    serveEmbed();
    renderPortal(`/embed/${token}`);
    expect((await screen.findByRole('alert')).getAttribute('data-code')).toBe('EMBED_TOKEN_EXPIRED');
    expect(host.connections).toHaveLength(0);
  });

  it("verifies files for a 'verify' token, talks to the token's origins only and follows the host's language and theme", async () => {
    const token = await embedToken('verify');
    serveEmbed();
    renderPortal(`/embed/${token}`);
    expect(await screen.findByText('Upload signed files to check their signatures.')).toBeTruthy();
    await waitFor(() => expect(lastConnection().events).toEqual([{ type: 'ready' }]));
    const { options } = lastConnection();
    expect(options.allowedOrigins).toEqual(ORIGINS);
    expect(callsTo(EMBED_PATHS.sessions)).toHaveLength(1);
    expect(callsTo(EMBED_PATHS.session)[0]?.headers.get('authorization')).toMatch(/^Bearer \S+$/);

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
    const sent = await sentToPerson();
    const token = await embedToken('sign', { documentId: sent.id, signer: person.identityNumber });
    // NCALayer holds daniyar's own key (an individual's certificate of the test CA the server trusts).
    const { world, clock } = test.server;
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) =>
      data.map((item) => {
        const content = typeof item === 'string' ? Buffer.from(item, 'base64') : item;
        const cms = world
          .certificate('daniyar')
          .signCms({ content, detached: true, signingTime: clock.now() });
        return Buffer.from(cms).toString('base64');
      }),
    );
    host.ncaLayer = { signCms };
    serveEmbed();
    renderPortal(`/embed/${token}#lang=en&theme=light`);
    await screen.findByRole('heading', { level: 2, name: 'Supply contract' });
    expect(screen.getByText(`Signer: ${person.nameRu}, BIN/IIN ${person.identityNumber}.`)).toBeTruthy();
    await waitFor(() => expect(lastConnection().events).toEqual([{ type: 'ready' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    await waitFor(() =>
      expect(lastConnection().events).toContainEqual({
        type: 'signed',
        documentId: sent.id,
        status: 'SIGNED',
      }),
    );
    expect(signCms.mock.calls[0]?.[1]).toMatchObject({ iin: person.identityNumber });
    expect(callsTo(EMBED_PATHS.sign)[0]?.headers.get('authorization')).toMatch(/^Bearer \S+$/);
    expect(lastConnection().options.methods.getStatus()).toMatchObject({
      state: 'signed',
      documentId: sent.id,
      documentStatus: 'SIGNED',
    });
    const { status } = await test.server.documents.view(sent, { user: 'aigerim', company: ALFA });
    expect(status).toBe('SIGNED');
  });

  it('exchanges the single-use token once even when the page renders twice', async () => {
    const token = await embedToken('verify');
    serveEmbed();
    const first = renderPortal(`/embed/${token}`);
    await screen.findByText('Upload signed files to check their signatures.');
    first.unmount();
    renderPortal(`/embed/${token}`);
    await screen.findByText('Upload signed files to check their signatures.');
    expect(callsTo(EMBED_PATHS.sessions)).toHaveLength(1);
  });

  it('works unframed (opened on its own) without a host', async () => {
    host.framed = false;
    const token = await embedToken('verify');
    serveEmbed();
    renderPortal(`/embed/${token}`);
    expect(await screen.findByText('Upload signed files to check their signatures.')).toBeTruthy();
    expect(host.connections).toHaveLength(0);
  });

  it("creates and sends a document for a 'create' token's company and reports created", async () => {
    // The upload goes through fetch here (no XMLHttpRequest), so it reaches the test server.
    vi.stubGlobal('XMLHttpRequest', undefined);
    const token = await embedToken('create', { signer: person.identityNumber });
    serveEmbed();
    renderPortal(`/embed/${token}#lang=en`);
    expect(
      await screen.findByText(
        // The server names the company by the register's short name.
        `A new document of ТОО «Альфа» (BIN ${ALFA.bin}): add its files and signers, then send it for signing.`,
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
    fireEvent.change(input, { target: { files: [pdfFile('contract.pdf')] } });
    await screen.findByText('contract.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Send for signing' }));

    const done = await screen.findByText(/^Document No\. \d+ «Supply contract» has been sent for signing\.$/);
    const documentId = Number(done.getAttribute('data-document-id'));
    const [upload] = callsTo(EMBED_PATHS.document);
    expect(upload?.headers.get('authorization')).toMatch(/^Bearer \S+$/);
    // The server made it for the token's company and sent it to the signer as filled in.
    const made = await test.server.documents.view({ id: documentId }, { user: 'aigerim', company: ALFA });
    expect(made).toMatchObject({ name: 'Supply contract', status: 'AT_SIGNING' });
    expect(made.signers.map((each) => [each.identityNumber, each.email])).toEqual([
      [person.identityNumber, person.email],
    ]);
    const created = lastConnection().events.find((event) => event.type === 'created');
    expect(created).toEqual({
      type: 'created',
      documentId,
      number: made.number,
      name: 'Supply contract',
      status: 'AT_SIGNING',
    });
    expect(done.textContent).toContain(`No. ${made.number} `);
    expect(lastConnection().options.methods.getStatus()).toMatchObject({
      state: 'created',
      purpose: 'create',
      documentId,
      documentStatus: 'AT_SIGNING',
    });
  });
});

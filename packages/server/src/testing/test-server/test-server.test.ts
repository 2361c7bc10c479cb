import { ACCOUNT_PATHS, PROFILE_PATHS, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { ALFA, BETA, testServerPerFile, WORLD_USERS } from './index.js';

const test = testServerPerFile();

async function json(res: Response): Promise<unknown> {
  return res.json();
}

describe('the test server', () => {
  it('signs a world user in through the login route and answers their companies', async () => {
    const { server } = test;
    const tokens = await server.world.login('aigerim');
    const res = await server.fetch(`${server.baseUrl}${PROFILE_PATHS.companies}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(((await json(res)) as Array<{ bin: string }>).map((c) => c.bin).sort()).toEqual([
      BETA.bin,
      ALFA.bin,
    ]);
    await expect(server.world.login('aigerim', 'wrong-password')).rejects.toThrow(/login: 4/);
  });

  it('records calls and plays a failure, a held request and an interception', async () => {
    const { server } = test;
    const url = `${server.baseUrl}${ACCOUNT_PATHS.login}`;
    const body = JSON.stringify({ login: WORLD_USERS.bolat.email, password: 'correct-horse', lang: 'ru' });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    server.failNext(['POST', ACCOUNT_PATHS.login], { status: 503 });
    expect((await server.fetch(url, init)).status).toBe(503);
    server.failNext(ACCOUNT_PATHS.login, { networkError: true });
    await expect(server.fetch(url, init)).rejects.toThrow(TypeError);
    const held = server.hold(['POST', ACCOUNT_PATHS.login]);
    let answered = false;
    const pending = server.fetch(url, init).then((res) => {
      answered = true;
      return res;
    });
    expect((await held.arrived).json()).toMatchObject({ login: WORLD_USERS.bolat.email });
    expect(answered).toBe(false);
    held.release();
    expect((await pending).status).toBe(200);
    const stop = server.intercept(ACCOUNT_PATHS.login, () => new Response(null, { status: 418 }));
    expect((await server.fetch(url, init)).status).toBe(418);
    stop();
    expect(server.callsTo(['POST', ACCOUNT_PATHS.login])).toHaveLength(4);
  });

  it('starts each test with a fresh world', async () => {
    const { server } = test;
    expect(server.calls).toEqual([]);
    expect(await server.mails()).toEqual([]);
  });

  it('makes documents in a state and signs them for real with NCALayer-style CMS', async () => {
    const { server } = test;
    const draft = await server.documents.draft();
    expect(draft.status).toBe('DRAFT');
    const signed = await server.documents.signedByFirst({ signers: [BETA, { individual: 'daniyar' }] });
    expect(signed.signers.map((s) => s.state)).toEqual(['SIGNED', 'WAITING']);
    const seenByDaniyar = await server.documents.view(signed, { user: 'daniyar' });
    expect(seenByDaniyar.status).toBe('AT_SIGNING');
    const done = await server.documents.sign(signed, { user: 'daniyar' });
    expect(done.status).toBe('SIGNED');
    // The signer's personal link went out by e-mail.
    const links = await server.links(WORLD_USERS.daniyar.email);
    expect(links.some((link) => link.startsWith(server.baseUrl))).toBe(true);
  });

  it('refuses a signature by a revoked certificate', async () => {
    const { server } = test;
    const sent = await server.documents.sent({ from: { user: 'bolat', company: BETA }, signers: [ALFA] });
    await expect(
      server.documents.sign(sent, { user: 'aigerim', company: ALFA }, server.world.revokedCertificate),
    ).rejects.toThrow(/40\d/);
  });

  it('plays eGov mobile signing and streams the QR session events through the EventSource class', async () => {
    const { server } = test;
    const sent = await server.documents.sent();
    const session = await server.documents.qrSession(sent, { user: 'bolat', company: BETA });
    const source = new server.EventSource(`${server.baseUrl}${session.eventsUrl}`);
    const states: string[] = [];
    const signedSeen = new Promise<void>((resolve) => {
      source.onmessage = (event) => {
        states.push((JSON.parse(event.data) as { state: string }).state);
        if (states.includes('SIGNED')) resolve();
      };
    });
    const outcome = await server.egovMobileSigns(session, 'bolat', BETA);
    expect(outcome.status).toBe(200);
    await signedSeen;
    source.close();
    expect(states[0]).toBe('WAITING');
    const view = await server.documents.view(sent, { user: 'aigerim', company: ALFA });
    expect(view.status).toBe('SIGNED');
    expect(server.callsTo(['GET', SIGNING_PATHS.qrSigningEvents]).length).toBeGreaterThan(0);
  });
});

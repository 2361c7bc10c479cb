import { SUPPORT_PATHS, type SupportIdentityIssued, type SupportInboxPage } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { userIdOf } from '../../testing/companies.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSupportSuite } from '../../testing/support.js';
import { testDatabases } from '../../testing/test-databases.js';
import { identityTokenKey, signIdentityToken, userSubject } from './identity-token.js';

const { sender, outsider } = COMPANIES;

// Who the visitor is: identity tokens (portal users, partners' users) and the claim of an anonymous history.
describe.each(testDatabases())('support chat identities on $name', (backend) => {
  const suite = useSupportSuite(backend);
  const { newVisitor, my, send, view } = suite;

  it('refuses forged, tampered, foreign-format and expired identity tokens, even beside a good visitor token', async () => {
    const visitor = await newVisitor();
    const userToken = await suite.user('aigerim@example.kz', []);
    const issued = await suite.portalIdentity(userToken);
    expect(issued.identityToken).toMatch(/^qsi1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(new Date(issued.expiresAt).getTime() - suite.clock.now().getTime()).toBe(3600_000);
    expect(
      (await my({ identity: issued.identityToken }, 'GET', SUPPORT_PATHS.myConversation)).statusCode,
    ).toBe(200);

    const now = suite.clock.now();
    const expiresAt = new Date(now.getTime() + 600_000);
    const victim = {
      subject: userSubject(userIdOf(userToken)),
      kind: 'user' as const,
      name: null,
      email: null,
    };
    const forged = signIdentityToken(identityTokenKey('x'.repeat(40)), { ...victim, expiresAt }, now);
    const [version, payload, mac] = issued.identityToken.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        sub: 'user:00000000-0000-0000-0000-000000000000',
      }),
    ).toString('base64url');
    const tampered = `${version}.${otherPayload}.${mac}`;
    const truncatedMac = `${version}.${payload}.${mac?.slice(0, 20)}`;
    const otherVersion = `qsi2.${payload}.${mac}`;
    for (const token of [forged, tampered, truncatedMac, otherVersion, 'garbage', userToken]) {
      for (const who of [{ identity: token }, { identity: token, visitor }]) {
        const res = await my(who, 'GET', SUPPORT_PATHS.myConversation);
        expect([res.statusCode, res.json().code], token).toEqual([401, 'SUPPORT_IDENTITY_INVALID']);
      }
    }
    suite.clock.advance(3600);
    for (const who of [{ identity: issued.identityToken }, { identity: issued.identityToken, visitor }]) {
      const res = await my(who, 'POST', SUPPORT_PATHS.myMessages, { text: 'late' });
      expect([res.statusCode, res.json().code]).toEqual([401, 'SUPPORT_IDENTITY_EXPIRED']);
    }
    // Only a signed-in user gets a token for themselves.
    const anonymous = await call(suite.server, 'POST', SUPPORT_PATHS.identityTokens);
    expect(anonymous.statusCode).toBe(401);
  });

  it("ties a portal user's chat to the user, and a partner's token can never read it", async () => {
    const userToken = await suite.user('aigerim@example.kz', []);
    const userId = userIdOf(userToken);
    const mine = (await suite.portalIdentity(userToken)).identityToken;
    await send({ identity: mine }, 'about my invoice');
    // Another browser, a fresh token: the same conversation.
    const again = (await suite.portalIdentity(await suite.login('aigerim@example.kz'))).identityToken;
    expect((await view({ identity: again })).messages.map((m) => m.text)).toEqual(['about my invoice']);

    // A partner vouching for "the same" user id gets a subject of its own company, empty.
    const key = await suite.partnerKey('shop@example.kz', sender.bin);
    const missingKey = await suite.partnerIdentity('qk_not-a-key-at-all-000000', { userId });
    expect([missingKey.statusCode, missingKey.json().code]).toEqual([401, 'API_KEY_INVALID']);
    const issued = await suite.partnerIdentity(key, {
      userId,
      name: 'Покупатель',
      email: 'buyer@shop.kz',
      ttlSeconds: 120,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const partnerToken = (issued.json() as SupportIdentityIssued).identityToken;
    expect(await view({ identity: partnerToken })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
      hasEarlierConversations: false,
    });
    await send({ identity: partnerToken }, 'from the shop');
    // Another company's key, the same external id: apart again.
    const otherKey = await suite.partnerKey('other@example.kz', outsider.bin);
    const otherToken = ((await suite.partnerIdentity(otherKey, { userId })).json() as SupportIdentityIssued)
      .identityToken;
    expect(await view({ identity: otherToken })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
      hasEarlierConversations: false,
    });
    expect((await view({ identity: mine })).messages.map((m) => m.text)).toEqual(['about my invoice']);

    const operatorToken = await suite.operator();
    const inbox = (await suite.request(operatorToken, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(
      inbox.items.map((item) => [item.visitor.kind, item.visitor.name, item.visitor.email]).sort(),
    ).toEqual([
      ['partner', 'Покупатель', 'buyer@shop.kz'],
      ['user', 'Айгерим aigerim', 'aigerim@example.kz'],
    ]);
    const tooLong = await suite.partnerIdentity(key, { userId, ttlSeconds: 2 * 24 * 3600 });
    expect(tooLong.statusCode).toBe(400);
  });

  it("claims an anonymous visitor's history when they identify and have no conversation of their own yet", async () => {
    const visitor = await newVisitor();
    await send({ visitor }, 'before login');
    const userToken = await suite.user('aigerim@example.kz', []);
    const identity = (await suite.portalIdentity(userToken)).identityToken;
    const claimed = await view({ identity, visitor });
    expect(claimed.messages.map((m) => m.text)).toEqual(['before login']);
    // The conversation is the user's now: the anonymous token alone no longer shows it (a shared computer).
    expect(await view({ visitor })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
      hasEarlierConversations: false,
    });
    expect((await view({ identity })).messages.map((m) => m.text)).toEqual(['before login']);

    // The user has a conversation now: another visitor's history stays that visitor's.
    const other = await newVisitor();
    await send({ visitor: other }, 'someone else');
    expect((await view({ identity, visitor: other })).messages.map((m) => m.text)).toEqual(['before login']);
    expect((await view({ visitor: other })).messages.map((m) => m.text)).toEqual(['someone else']);
    const operatorToken = await suite.operator();
    const inbox = (await suite.request(operatorToken, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(inbox.items.map((item) => item.visitor.kind).sort()).toEqual(['anonymous', 'user']);
  });
});

import { isAppError } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookTargetPolicy } from '../../config/config.js';
import type { HostResolver, ResolvedAddress } from '../../net/resolve-host.js';
import { type HttpRecorder, startHttpRecorder } from '../../testing/http-recorder.js';
import { postToTarget } from './webhook-post.js';
import { checkWebhookUrl, resolveWebhookTarget, WebhookTargetRefused } from './webhook-target.js';

const SAFE: WebhookTargetPolicy = { allowPrivate: false, requireHttps: false };
const PRODUCTION: WebhookTargetPolicy = { allowPrivate: false, requireHttps: true };
const LOCAL: WebhookTargetPolicy = { allowPrivate: true, requireHttps: false };
const PUBLIC_V4 = '93.184.215.14';

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** A resolver over a table of names (ENOTFOUND for others) that counts its lookups. */
function tableResolver(table: Record<string, ResolvedAddress[]>): HostResolver & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = async (hostname: string) => {
    lookups.push(hostname);
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  return Object.assign(resolve, { lookups });
}

const NAMES = {
  'hooks.partner.test': [v4(PUBLIC_V4), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c')],
  'v6only.partner.test': [v6('2606:4700::1111')],
  'metadata.partner.test': [v4('169.254.169.254')],
  'internal.partner.test': [v4('10.1.2.3')],
  'rfc1918.partner.test': [v4('192.168.10.10')],
  'loopback.partner.test': [v4('127.0.0.1')],
  'ula.partner.test': [v6('fd00::1')],
  'linklocal6.partner.test': [v6('fe80::1')],
  'mapped.partner.test': [v6('::ffff:127.0.0.1')],
  'nat64.partner.test': [v6('64:ff9b::a00:1')],
  'zero.partner.test': [v4('0.0.0.0')],
  'multicast.partner.test': [v4('239.1.1.1')],
  // One private answer among public ones is enough: the next lookup may pick it.
  'mixed.partner.test': [v4(PUBLIC_V4), v4('10.0.0.1')],
  localhost: [v4('127.0.0.1'), v6('::1')],
};

async function refusal(url: string, policy: WebhookTargetPolicy, resolve: HostResolver): Promise<string> {
  try {
    await checkWebhookUrl(url, policy, resolve);
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('checkWebhookUrl (registration)', () => {
  it.each([
    // Literal addresses, in every spelling a URL parser reads.
    'http://127.0.0.1:3000/hook',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'https://017700000001/',
    'https://10.0.0.1/hook',
    'https://172.16.5.4/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://0xa9fea9fe/',
    'https://0.0.0.0/',
    'https://0/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[fc00::1]/',
    'https://[fd00:ec2::254]/',
    'https://[fe80::1]/',
    'https://[ff02::1]/',
    'https://[64:ff9b::7f00:1]/',
    // Names that say loopback themselves.
    'http://localhost:3000/hook',
    'https://LocalHost./',
    'https://api.localhost/',
    // Names whose DNS answers a private address.
    'https://metadata.partner.test/',
    'https://internal.partner.test/hook',
    'https://rfc1918.partner.test/',
    'https://loopback.partner.test/',
    'https://ula.partner.test/',
    'https://linklocal6.partner.test/',
    'https://mapped.partner.test/',
    'https://nat64.partner.test/',
    'https://zero.partner.test/',
    'https://multicast.partner.test/',
    'https://mixed.partner.test/',
  ])('refuses %s with WEBHOOK_URL_PRIVATE', async (url) => {
    expect(await refusal(url, SAFE, tableResolver(NAMES))).toBe('WEBHOOK_URL_PRIVATE');
  });

  it.each([
    'https://hooks.partner.test/webhooks/qoltanba?shop=1',
    'https://v6only.partner.test/',
    `https://${PUBLIC_V4}/hook`,
    'https://[2606:4700::1111]/',
    // Not resolvable yet: accepted, judged again at every delivery.
    'https://not-yet.partner.test/',
  ])('accepts %s', async (url) => {
    expect(await refusal(url, SAFE, tableResolver(NAMES))).toBe('accepted');
  });

  it('requires https in production, for public hosts too, even with private addresses allowed', async () => {
    const resolve = tableResolver(NAMES);
    expect(await refusal('http://hooks.partner.test/', PRODUCTION, resolve)).toBe('WEBHOOK_URL_INVALID');
    expect(await refusal('http://127.0.0.1/', { ...PRODUCTION, allowPrivate: true }, resolve)).toBe(
      'WEBHOOK_URL_INVALID',
    );
    expect(await refusal('https://hooks.partner.test/', PRODUCTION, resolve)).toBe('accepted');
  });

  it('refuses credentials in the URL and schemes other than http(s)', async () => {
    const resolve = tableResolver(NAMES);
    expect(await refusal('https://user:pw@hooks.partner.test/', SAFE, resolve)).toBe('WEBHOOK_URL_INVALID');
    expect(await refusal('ftp://hooks.partner.test/', SAFE, resolve)).toBe('WEBHOOK_URL_INVALID');
    expect(await refusal('not a url', SAFE, resolve)).toBe('WEBHOOK_URL_INVALID');
    // Digits past 2^32 are no IPv4 address, and no host name a URL may have.
    expect(await refusal('https://999999999999/', SAFE, resolve)).toBe('WEBHOOK_URL_INVALID');
  });

  it('with private addresses allowed (local development) takes them without asking DNS', async () => {
    const resolve = tableResolver(NAMES);
    for (const url of ['http://127.0.0.1:3000/hook', 'http://localhost/', 'https://internal.partner.test/'])
      expect(await refusal(url, LOCAL, resolve), url).toBe('accepted');
    expect(resolve.lookups).toEqual([]);
  });
});

describe('resolveWebhookTarget (delivery)', () => {
  const signal = () => AbortSignal.timeout(5000);

  it('resolves the name once and gives the checked address to connect to, IPv4 first', async () => {
    const resolve = tableResolver(NAMES);
    const target = await resolveWebhookTarget('https://hooks.partner.test/h?x=1', SAFE, resolve, signal());
    expect(target).toMatchObject({ address: PUBLIC_V4, name: 'hooks.partner.test' });
    expect(target.url.href).toBe('https://hooks.partner.test/h?x=1');
    expect(resolve.lookups).toEqual(['hooks.partner.test']);
    const literal = await resolveWebhookTarget('https://[2606:4700::1111]:8443/', SAFE, resolve, signal());
    expect(literal).toMatchObject({ address: '2606:4700::1111', name: null });
    expect(resolve.lookups).toHaveLength(1);
  });

  it('refuses a name whose DNS changed to a private address since it was registered', async () => {
    const table: Record<string, ResolvedAddress[]> = { 'hooks.partner.test': [v4(PUBLIC_V4)] };
    const resolve = tableResolver(table);
    await checkWebhookUrl('https://hooks.partner.test/h', SAFE, resolve);
    table['hooks.partner.test'] = [v4('169.254.169.254')];
    const refused = resolveWebhookTarget('https://hooks.partner.test/h', SAFE, resolve, signal());
    await expect(refused).rejects.toThrow(WebhookTargetRefused);
    await expect(refused).rejects.toThrow(
      'WEBHOOK_URL_PRIVATE: hooks.partner.test resolves to a link-local address',
    );
  });

  it('judges the URL again: a literal private address or http where https is now required', async () => {
    const resolve = tableResolver(NAMES);
    await expect(resolveWebhookTarget('http://0x7f.1/', SAFE, resolve, signal())).rejects.toThrow(
      'WEBHOOK_URL_PRIVATE',
    );
    await expect(
      resolveWebhookTarget('http://hooks.partner.test/', PRODUCTION, resolve, signal()),
    ).rejects.toThrow('WEBHOOK_URL_INVALID');
    await expect(
      resolveWebhookTarget('https://nowhere.partner.test/', SAFE, resolve, signal()),
    ).rejects.toThrow('ENOTFOUND');
  });
});

describe('postToTarget', () => {
  let receiver: HttpRecorder;
  let redirected: HttpRecorder;
  beforeAll(async () => {
    redirected = await startHttpRecorder(() => ({ json: { ok: true } }));
    receiver = await startHttpRecorder((request) =>
      request.url === '/moved'
        ? { status: 302, json: {}, headers: { location: `${redirected.origin}/elsewhere` } }
        : { json: { ok: true } },
    );
  });
  afterAll(async () => {
    await receiver.close();
    await redirected.close();
  });
  const init = () => ({
    headers: { 'content-type': 'application/json' },
    body: '{"id":"d1"}',
    signal: AbortSignal.timeout(5000),
  });

  it('connects to the checked address, never looking the name up (this name resolves nowhere)', async () => {
    const port = new URL(receiver.origin).port;
    const url = new URL(`http://hooks.partner.test:${port}/hook?shop=1`);
    const answer = await postToTarget({ url, address: '127.0.0.1', name: 'hooks.partner.test' }, init());
    expect(answer.status).toBe(200);
    const [posted] = receiver.requests.slice(-1);
    expect(posted).toMatchObject({ method: 'POST', url: '/hook?shop=1', body: '{"id":"d1"}' });
    expect(posted?.headers.host).toBe(`hooks.partner.test:${port}`);
  });

  it('does not follow a redirect: the 3xx is the answer, and its location gets nothing', async () => {
    const url = new URL(`${receiver.origin}/moved`);
    const answer = await postToTarget({ url, address: '127.0.0.1', name: null }, init());
    expect(answer.status).toBe(302);
    expect(redirected.requests).toEqual([]);
  });
});

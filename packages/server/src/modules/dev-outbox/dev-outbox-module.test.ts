import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { escapeHtml } from './dev-outbox-module.js';

describe.each(testDatabases())('dev outbox on $name', (backend) => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('shows captured e-mails and SMS newest first, as JSON and HTML', async () => {
    server = await createTestApp({ backend });
    await server.services.mailer.send({ to: 'asel@example.kz', subject: 'Тіркелу', text: 'Код: 111111' });
    await server.services.sms.send({ to: '+77017654321', text: 'Код: <222222>' });

    const json = await server.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const messages = json.json().messages as Array<Record<string, unknown>>;
    expect(messages.map((m) => [m.channel, m.recipient, m.body])).toEqual([
      ['sms', '+77017654321', 'Код: <222222>'],
      ['email', 'asel@example.kz', 'Код: 111111'],
    ]);

    const filtered = await server.app.inject({
      method: 'GET',
      url: '/dev/outbox.json?recipient=asel@example.kz',
    });
    expect(filtered.json().messages).toHaveLength(1);

    const html = await server.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('asel@example.kz');
    expect(html.body).toContain('Код: &lt;222222&gt;');
    expect(html.body).not.toContain('<222222>');
    expect(html.body.indexOf('+77017654321')).toBeLessThan(html.body.indexOf('asel@example.kz'));

    const bad = await server.app.inject({ method: 'GET', url: '/dev/outbox.json?limit=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('is not served in production', async () => {
    server = await createTestApp({
      backend,
      env: {
        NODE_ENV: 'production',
        QOLTANBA_TOKEN_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://unused.invalid/db',
      },
    });
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    }
  });
});

describe('escapeHtml', () => {
  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

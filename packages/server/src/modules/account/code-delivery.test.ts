import { AppError } from '@qoltanba/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCodePath, verifyCodePath } from '../../testing/account-suite.js';
import { call } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { createUser } from './user-store.js';

describe.each(testDatabases())('code delivery on $name', (backend) => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a code the SMS gateway refused is queued and arrives once the gateway is back', async () => {
    let gatewayDown = true;
    const delivered: string[] = [];
    server = await createTestApp({
      backend,
      sms: {
        async send(message) {
          if (gatewayDown) throw new AppError('SERVICE_UNAVAILABLE');
          delivered.push(message.text);
        },
      },
    });
    const phoneNumber = '+77015550101';
    await createUser(server.services.database.db, {
      contact: { kind: 'phone', value: phoneNumber },
      passwordHash: 'unused',
      firstname: 'Асель',
      lastname: 'Нурланова',
      lang: 'kk',
      createdAt: new Date(),
    });

    const sent = await call(server, 'POST', sendCodePath('otp', 'sms'), {
      body: { phoneNumber, lang: 'kk' },
    });
    expect(sent.statusCode).toBe(200);
    expect(delivered).toEqual([]);
    const queued = await server.services.database.db
      .selectFrom('message_queue')
      .select(['status', 'attempts', 'recipient'])
      .execute();
    expect(queued).toEqual([{ status: 'queued', attempts: 1, recipient: phoneNumber }]);

    gatewayDown = false;
    // The sweep's next round (run here at once instead of waiting for its back-off).
    await server.services.database.db
      .updateTable('message_queue')
      .set({ next_attempt_at: new Date() })
      .execute();
    await server.services.outbox.drain();
    expect(delivered).toHaveLength(1);
    const code = delivered[0]?.match(/\d{6}/)?.[0];
    const login = await call(server, 'POST', verifyCodePath('otp', 'sms'), {
      body: { phoneNumber, code, lang: 'kk' },
    });
    expect(login.statusCode).toBe(200);
    // Delivered once: another drain sends nothing more.
    await server.services.outbox.drain();
    expect(delivered).toHaveLength(1);
  });

  it('a hanging mail server neither holds the request nor the shutdown: the code stays queued', async () => {
    server = await createTestApp({ backend, mailer: { send: () => new Promise<void>(() => undefined) } });
    const email = 'hang@example.kz';
    const sent = await call(server, 'POST', sendCodePath('registration', 'email'), {
      body: { email, lang: 'ru' },
    });
    expect(sent.statusCode).toBe(200);
    const rows = await server.services.database.db
      .selectFrom('message_queue')
      .select(['status', 'recipient'])
      .execute();
    expect(rows).toEqual([{ status: 'queued', recipient: email }]);
    // afterEach closes the server: it must not wait for the hung send.
  });

  it('a code e-mail is handed to the mailer before the request answers (the kick after the commit)', async () => {
    const delivered: string[] = [];
    server = await createTestApp({
      backend,
      mailer: {
        async send(message) {
          delivered.push(message.to);
        },
      },
    });
    const email = 'dana@example.kz';
    const sent = await call(server, 'POST', sendCodePath('registration', 'email'), {
      body: { email, lang: 'ru' },
    });
    expect(sent.statusCode).toBe(200);
    expect(delivered).toEqual([email]);
  });
});

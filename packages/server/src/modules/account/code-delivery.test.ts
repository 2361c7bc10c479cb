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

  it('a code the SMS gateway refused does not hold back the next request for a minute', async () => {
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
    const request = () =>
      call(server as TestApp, 'POST', sendCodePath('otp', 'sms'), { body: { phoneNumber, lang: 'kk' } });

    const refused = await request();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('SERVICE_UNAVAILABLE');

    gatewayDown = false;
    const retried = await request();
    expect(retried.statusCode).toBe(200);
    const code = delivered.at(-1)?.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    const login = await call(server, 'POST', verifyCodePath('otp', 'sms'), {
      body: { phoneNumber, code, lang: 'kk' },
    });
    expect(login.statusCode).toBe(200);
  });
});

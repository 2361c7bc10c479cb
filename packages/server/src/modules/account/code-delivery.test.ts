import { AppError } from '@qoltanba/core';
import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCodePath, verifyCodePath } from '../../testing/account-suite.js';
import { call } from '../../testing/accounts.js';
import { useSuiteDatabase } from '../../testing/suite-database.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { createCodeService } from './one-time-codes.js';
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

describe.each(testDatabases())('a failed code send on $name', (backend) => {
  const database = useSuiteDatabase(backend);

  it('answers the delivery error even when removing the undelivered code fails too', async () => {
    let deletes = 0;
    // Every DELETE fails, as on a database that went away between the insert and the clean-up.
    const failingDeletes: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'DeleteQueryNode') {
          deletes += 1;
          throw new Error('database gone');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const codes = createCodeService({
      db: database.db.withPlugin(failingDeletes),
      clock: () => new Date('2026-03-02T06:00:00Z'),
      secret: 's'.repeat(32),
      mailer: {
        async send() {
          throw new AppError('SERVICE_UNAVAILABLE');
        },
      },
      sms: { send: async () => undefined },
    });
    const sent = codes.issue({ purpose: 'otp', channel: 'email', target: 'a@example.kz' }, 'ru', '10.0.0.1');
    await expect(sent).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(deletes).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';
import { createOutboxMailer, createOutboxSmsSender, listOutbox } from './outbox-store.js';

describe.each(testDatabases())('dev outbox store on $name', (backend) => {
  const database = useSuiteDatabase(backend);

  it('captures e-mails and SMS and lists them newest first', async () => {
    const mailer = createOutboxMailer(database.db);
    const sms = createOutboxSmsSender(database.db);
    await mailer.send({ to: 'aigerim@example.kz', subject: 'Тіркелу коды', text: 'Код: 123456' });
    await sms.send({ to: '+77011234567', text: 'Код: 654321' });
    const entries = await listOutbox(database.db);
    expect(entries.map((e) => [e.channel, e.recipient, e.subject, e.body])).toEqual([
      ['sms', '+77011234567', null, 'Код: 654321'],
      ['email', 'aigerim@example.kz', 'Тіркелу коды', 'Код: 123456'],
    ]);
    expect(Number.isNaN(Date.parse(entries[0]?.createdAt ?? ''))).toBe(false);
    expect(await listOutbox(database.db, { recipient: 'aigerim@example.kz' })).toHaveLength(1);
    expect(await listOutbox(database.db, { limit: 1 })).toHaveLength(1);
  });
});

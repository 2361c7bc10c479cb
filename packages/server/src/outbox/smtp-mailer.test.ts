import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../testing/smtp-sink.js';
import { createSmtpMailer } from './smtp-mailer.js';

describe('SMTP mailer', () => {
  it('delivers a message through the SMTP server named by the URL', async () => {
    const sink = await startSmtpSink();
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
      'Qoltanba <no-reply@qoltanba.kz>',
    );
    try {
      await mailer.send({ to: 'dana@example.kz', subject: 'Code', text: 'Your code is 123456' });
      const { rcptTo, data } = await sink.next();
      expect(rcptTo).toEqual(['dana@example.kz']);
      expect(data).toContain('To: dana@example.kz');
      expect(data).toContain('Subject: Code');
      expect(data).toContain('Your code is 123456');
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});

import nodemailer from 'nodemailer';
import type { Mailer } from './messages.js';

/** A {@link Mailer} over SMTP (nodemailer), e.g. `smtps://user:pass@smtp.example.kz:465`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(withTimeouts(smtpUrl));
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

/** Nodemailer waits up to 10 minutes on a silent server by default; the queue's lease is shorter. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The URL with bounded waits (nodemailer reads them from its query), unless the URL sets its own. */
export function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

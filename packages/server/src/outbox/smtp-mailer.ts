import nodemailer from 'nodemailer';
import type { Mailer } from './messages.js';

/** A {@link Mailer} over SMTP (nodemailer), e.g. `smtps://user:pass@smtp.example.kz:465`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
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

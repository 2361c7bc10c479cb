/** An e-mail to send. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** An SMS to send. */
export interface SmsMessage {
  /** Phone number in international form, e.g. +77011234567. */
  to: string;
  text: string;
}

/** Sends e-mail. Implementations: the dev outbox (default) and SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Sends SMS. Implementations: the dev outbox (default) and the Mobizon gateway when MOBIZON_API_KEY is set. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

import { formatDateTime } from '../i18n/date-time';
import { LANGS, type Lang } from '../i18n/lang';
import { escapeHtml } from './mail-html';
import type { NotificationText } from './notification-texts';

/** Whose personal link an e-mail carries: a signer's (to sign or refuse) or an approver's (to approve or decline). */
export type LinkMailPurpose = 'signing' | 'approval';

/** Why it goes: the signer's turn (or the send), or the sender's reminder (by hand or automatic). */
export type LinkMailKind = 'turn' | 'reminder';

interface LinkMailCatalogue {
  subject: NotificationText;
  reminderSubject: NotificationText;
  reminder: NotificationText;
  body: NotificationText;
  validUntil: NotificationText;
}

/**
 * The texts of a personal link's e-mail in kk/ru/en. `{sender}` is the sending company, `{document}` the document's
 * name, `{number}` its number, `{signer}` the signer an approver approves for, `{url}` the link, `{until}` its expiry.
 */
export const LINK_MAIL_TEXTS: Readonly<Record<LinkMailPurpose, LinkMailCatalogue>> = {
  signing: {
    subject: { kk: 'Қол қоюға құжат', ru: 'Документ на подпись', en: 'Document to sign' },
    reminderSubject: {
      kk: 'Еске салу: қол қоюға құжат',
      ru: 'Напоминание: документ на подпись',
      en: 'Reminder: document to sign',
    },
    reminder: {
      kk: 'Еске салу: құжат әлі сіздің қолыңызды күтуде.',
      ru: 'Напоминание: документ всё ещё ждёт вашей подписи.',
      en: 'Reminder: the document still awaits your signature.',
    },
    body: {
      kk:
        '{sender} сізге «{document}» құжатын (№{number}) қол қоюға жіберді. ' +
        'Тіркелусіз және тегін қол қою немесе бас тарту үшін сілтемені ашыңыз: {url}',
      ru:
        '{sender} отправил вам на подпись документ «{document}» (№{number}). ' +
        'Чтобы подписать его бесплатно и без регистрации или отказать в подписании, откройте ссылку: {url}',
      en:
        '{sender} sent you the document «{document}» (No. {number}) to sign. ' +
        'To sign it free of charge without registering, or to refuse, open the link: {url}',
    },
    validUntil: {
      kk: 'Сілтеме {until} дейін жарамды.',
      ru: 'Ссылка действует до {until}.',
      en: 'The link is valid until {until}.',
    },
  },
  approval: {
    subject: { kk: 'Келісуге құжат', ru: 'Документ на согласование', en: 'Document for approval' },
    reminderSubject: {
      kk: 'Еске салу: келісуге құжат',
      ru: 'Напоминание: документ на согласование',
      en: 'Reminder: document for approval',
    },
    reminder: {
      kk: 'Еске салу: құжат әлі сіздің келісіміңізді күтуде.',
      ru: 'Напоминание: документ всё ещё ждёт вашего согласования.',
      en: 'Reminder: the document still awaits your approval.',
    },
    body: {
      kk:
        '{sender} «{document}» құжатын (№{number}) {signer} қол қоюы алдында келісуге жіберді. ' +
        'Тіркелусіз келісу немесе түсініктемемен бас тарту үшін сілтемені ашыңыз: {url}',
      ru:
        '{sender} отправил на согласование документ «{document}» (№{number}) перед подписанием {signer}. ' +
        'Чтобы согласовать его без регистрации или отклонить с комментарием, откройте ссылку: {url}',
      en:
        '{sender} sent the document «{document}» (No. {number}) for your approval before {signer} signs it. ' +
        'To approve it without registering, or to decline with a comment, open the link: {url}',
    },
    validUntil: {
      kk: 'Сілтеме {until} дейін жарамды.',
      ru: 'Ссылка действует до {until}.',
      en: 'The link is valid until {until}.',
    },
  },
};

/** What a personal link's e-mail names. */
export interface LinkMailParams {
  sender: string;
  document: string;
  number: number;
  /** The signer an approver approves for (approval links). */
  signer?: string;
  url: string;
  expiresAt: Date;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The e-mail's lines in `lang` (the reminder line for a reminder, what the document is and the link, until when the
 * link works): each text passed through `quote`, the link written by `link`. One source for the text and the HTML.
 */
function linkMailLines(
  purpose: LinkMailPurpose,
  kind: LinkMailKind,
  lang: Lang,
  params: LinkMailParams,
  quote: (text: string) => string,
  link: (url: string) => string,
): string[] {
  const texts = LINK_MAIL_TEXTS[purpose];
  const values = {
    sender: quote(params.sender),
    document: quote(params.document),
    number: String(params.number),
    signer: quote(params.signer ?? ''),
    url: link(params.url),
    until: quote(formatDateTime(params.expiresAt, lang)),
  };
  const lines = [fill(quote(texts.body[lang]), values), fill(quote(texts.validUntil[lang]), values)];
  return kind === 'reminder' ? [quote(texts.reminder[lang]), ...lines] : lines;
}

const asIs = (text: string) => text;

/**
 * A personal link's e-mail in one language: the reminder line (for a reminder), what the document is and the link,
 * and until when the link works (Kazakhstan's time, as the link's page shows it).
 *
 * @example linkMailText('signing', 'turn', 'en', params) // 'LLP Alma sent you the document «Act» (No. 7) to sign. …'
 */
export function linkMailText(
  purpose: LinkMailPurpose,
  kind: LinkMailKind,
  lang: Lang,
  params: LinkMailParams,
): string {
  return linkMailLines(purpose, kind, lang, params, asIs, asIs).join('\n');
}

/**
 * The same e-mail as {@link linkMailText}, as an HTML section in `lang`: one paragraph per line, the link a link.
 */
export function linkMailHtml(
  purpose: LinkMailPurpose,
  kind: LinkMailKind,
  lang: Lang,
  params: LinkMailParams,
): string {
  const anchor = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const lines = linkMailLines(purpose, kind, lang, params, escapeHtml, anchor);
  return `<section lang="${lang}">${lines.map((line) => `<p>${line}</p>`).join('')}</section>`;
}

/**
 * A personal link's e-mail in Kazakh, Russian and English together (the signer or approver has no account here, so
 * no language of its own): the subject's three languages, then each language's text, separated by a blank line in
 * the plain text and as a section of its own in the HTML.
 */
export function linkMail(
  purpose: LinkMailPurpose,
  kind: LinkMailKind,
  params: LinkMailParams,
): { subject: string; text: string; html: string } {
  const texts = LINK_MAIL_TEXTS[purpose];
  const subjects = kind === 'reminder' ? texts.reminderSubject : texts.subject;
  const sections = LANGS.map((lang) => linkMailHtml(purpose, kind, lang, params)).join('<hr>');
  return {
    subject: `${LANGS.map((lang) => subjects[lang]).join(' / ')}: ${params.document}`,
    text: LANGS.map((lang) => linkMailText(purpose, kind, lang, params)).join('\n\n'),
    html: `<!doctype html><html lang="${LANGS[0]}"><body>${sections}</body></html>`,
  };
}

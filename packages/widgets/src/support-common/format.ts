import type { Lang, SupportInboxConversation, SupportMessage } from '@qoltanba/core';
import { localeTag } from '../documents-common';
import { supportT } from './texts';

/** A message time as the inbox shows it: the time alone today, the date and time before. */
export function formatMessageTime(iso: string, lang: Lang, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = today
    ? { timeStyle: 'short' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(localeTag(lang), options).format(date);
}

/** Who the visitor is, as a heading: their name, else e-mail, else "Visitor #id". */
export function visitorTitle(conversation: SupportInboxConversation, lang: Lang): string {
  const { name, email } = conversation.visitor;
  return name?.trim() || email?.trim() || supportT(lang)('visitorNumber', { id: conversation.id });
}

/** Who wrote a message: the visitor, the operator by first name, or the system. */
export function authorLabel(message: SupportMessage, lang: Lang): string {
  const t = supportT(lang);
  if (message.author === 'operator' && message.authorName)
    return t('operatorNamed', { name: message.authorName });
  return t(`author.${message.author}`);
}

/** One line about a message for the list: its text, else its attachment. */
export function messagePreview(message: SupportMessage | null, lang: Lang): string {
  const t = supportT(lang);
  if (!message) return t('noMessages');
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (text) return text;
  return message.attachment ? t('attachmentPreview', { name: message.attachment.name }) : t('noMessages');
}

import {
  formatDateTime,
  formatTime,
  kzCalendarDay,
  type Lang,
  type SupportInboxConversation,
  type SupportMessage,
} from '@qoltanba/core';
import { supportT } from './texts';

/** A message time as the inbox shows it (Kazakhstan's time, zone said): the time alone today, the date and time before. */
export function formatMessageTime(iso: string, lang: Lang, now: Date = new Date()): string {
  const day = kzCalendarDay(iso);
  if (!day) return iso;
  return day === kzCalendarDay(now) ? formatTime(iso, lang) : formatDateTime(iso, lang);
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

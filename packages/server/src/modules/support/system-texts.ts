import type { Lang } from '@qoltanba/core';

/** What the system says in a conversation, in the visitor's language (kk when unknown). */
const TEXTS = {
  closed: {
    kk: 'Сөйлесу жабылды. Жаңа хабарлама жаңа сөйлесуді бастайды',
    ru: 'Диалог закрыт. Новое сообщение начнёт новый диалог',
    en: 'The conversation was closed. A new message starts a new one',
  },
  reopened: {
    kk: 'Сөйлесу қайта ашылды',
    ru: 'Диалог снова открыт',
    en: 'The conversation was reopened',
  },
} satisfies Record<string, Record<Lang, string>>;

/** The text of a system message (plain text, like every message). */
export function systemText(what: keyof typeof TEXTS, lang: Lang | null): string {
  return TEXTS[what][lang ?? 'kk'];
}

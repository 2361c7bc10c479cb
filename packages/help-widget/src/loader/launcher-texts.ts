import type { Lang } from '@qoltanba/core';

/** The button's accessible name per language; the panel's texts load with the panel. */
export const LAUNCHER_TEXTS: Record<Lang, { help: string; unread: string }> = {
  kk: { help: 'Көмек', unread: 'Оқылмаған хабарламалар: {count}' },
  ru: { help: 'Помощь', unread: 'Непрочитанные сообщения: {count}' },
  en: { help: 'Help', unread: 'Unread messages: {count}' },
};

/** The button's label: "Help", plus the unread count when there is one. */
export function launcherLabel(lang: Lang, unread: number): string {
  const texts = LAUNCHER_TEXTS[lang];
  return unread > 0 ? `${texts.help}. ${texts.unread.replace('{count}', String(unread))}` : texts.help;
}

import type { Lang } from '../i18n/lang';
import type { NotificationEvent } from './events';

/** A text in each interface language. */
export type NotificationText = Readonly<Record<Lang, string>>;

/**
 * What each event says, in kk/ru/en: `{document}` is the document's name, `{party}` the company that acted or is
 * named, `{reason}` a rejection's or decline's reason, or the detail of a tariff or payment event (the tariff's end
 * date, the invoice and amount paid). A missing event fails the type check.
 */
export const NOTIFICATION_TEXTS: Readonly<Record<NotificationEvent, NotificationText>> = {
  'document.received': {
    kk: '{party} «{document}» құжатын қол қоюға жіберді',
    ru: '{party} отправил на подпись документ «{document}»',
    en: '{party} sent you «{document}» for signing',
  },
  'document.signed': {
    kk: '{party} «{document}» құжатына қол қойды',
    ru: '{party} подписал документ «{document}»',
    en: '{party} signed «{document}»',
  },
  'document.rejected': {
    kk: '{party} «{document}» құжатына қол қоюдан бас тартты: {reason}',
    ru: '{party} отказал в подписании документа «{document}»: {reason}',
    en: '{party} rejected «{document}»: {reason}',
  },
  'document.revoked': {
    kk: '{party} «{document}» құжатын кері қайтарып алды',
    ru: '{party} отозвал документ «{document}»',
    en: '{party} revoked «{document}»',
  },
  'document.completed': {
    kk: '«{document}» құжатына барлық тарап қол қойды',
    ru: 'Документ «{document}» подписан всеми сторонами',
    en: '«{document}» is signed by every party',
  },
  'document.approval_requested': {
    kk: '«{document}» құжаты келісуді күтуде',
    ru: 'Документ «{document}» ожидает согласования',
    en: '«{document}» awaits approval',
  },
  'document.approved': {
    kk: '«{document}» құжаты келісілді ({party})',
    ru: 'Документ «{document}» согласован ({party})',
    en: '«{document}» was approved ({party})',
  },
  'document.declined': {
    kk: '«{document}» құжаты келісілмеді ({party}): {reason}',
    ru: 'В согласовании документа «{document}» отказано ({party}): {reason}',
    en: 'Approval of «{document}» was declined ({party}): {reason}',
  },
  'document.reminded': {
    kk: '{party} «{document}» құжатына қол қоюды еске салады',
    ru: '{party} напоминает о подписании документа «{document}»',
    en: '{party} reminds you to sign «{document}»',
  },
  'document.expired': {
    kk: '«{document}» құжатының қол қою мерзімі өтті: ол енді қолтаңба қабылдамайды',
    ru: 'Срок подписания документа «{document}» истёк: подписи больше не принимаются',
    en: 'The signing period of «{document}» has ended: it accepts no more signatures',
  },
  'tariff.ending': {
    kk: 'Тарифтің мерзімі {reason} аяқталады: құжаттарды үзіліссіз жіберу үшін келесі тарифті төлеңіз',
    ru: 'Срок действия тарифа заканчивается {reason}: оплатите следующий, чтобы отправка документов не прервалась',
    en: 'Your plan ends on {reason}: pay for the next one to keep sending documents',
  },
  'tariff.ended': {
    kk: 'Тариф аяқталды: құжаттарды жаңа тариф төленгеннен кейін жіберуге болады',
    ru: 'Тариф закончился: отправлять документы можно будет после оплаты нового тарифа',
    en: 'Your plan has ended: you can send documents again once a new plan is paid',
  },
  'payment.registered': {
    kk: 'Төлем түсті: {reason}',
    ru: 'Получен платёж: {reason}',
    en: 'Payment received: {reason}',
  },
};

/** The frame of a notification e-mail, in kk/ru/en (`{count}` the number of events in a grouped e-mail). */
export const NOTIFICATION_EMAIL_TEXTS = {
  subjectMany: {
    kk: 'Qoltanba: {count} жаңа хабарлама',
    ru: 'Qoltanba: новых уведомлений: {count}',
    en: 'Qoltanba: {count} new notifications',
  },
  open: { kk: 'Ашу', ru: 'Открыть', en: 'Open' },
  optOut: {
    kk: 'Мұндай хаттарды профильде өшіруге болады',
    ru: 'Такие письма можно отключить в профиле',
    en: 'You can turn these e-mails off in your profile',
  },
} as const satisfies Record<string, NotificationText>;

/** Who acted when the notification does not know the party's name. */
const UNNAMED_PARTY: Readonly<Record<Lang, string>> = { kk: 'Қатысушы', ru: 'Участник', en: 'A party' };

/** The values a notification's text is filled with. */
export interface NotificationTextParams {
  document?: string | null;
  party?: string | null;
  reason?: string | null;
}

/**
 * The text of `event` in `lang`, filled with `params` (a missing party reads "A party", another missing value
 * becomes an empty string, never `{name}`).
 *
 * @example notificationText('document.signed', 'en', { document: 'Act', party: 'LLP Alma' }) // 'LLP Alma signed «Act»'
 */
export function notificationText(
  event: NotificationEvent,
  lang: Lang,
  params: NotificationTextParams,
): string {
  const values: Record<string, string> = {
    document: params.document ?? '',
    // A sentence that starts with the party never starts with a blank.
    party: params.party || UNNAMED_PARTY[lang],
    reason: params.reason ?? '',
  };
  return NOTIFICATION_TEXTS[event][lang].replace(
    /\{(document|party|reason)\}/g,
    (_, name: string) => values[name] ?? '',
  );
}

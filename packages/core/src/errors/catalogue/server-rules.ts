import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Server rules of SPEC sections 4 and 6 that the spec gives no quoted message for. */
export const serverRuleErrors = {
  TARIFF_EXPIRED: {
    kk: 'Тарифтің мерзімі аяқталды. Құжат жіберу үшін тарифті ұзартыңыз',
    ru: 'Срок действия тарифа истёк. Продлите тариф, чтобы отправлять документы',
    en: 'Your tariff has expired. Renew it to send documents',
    status: 402,
  },
  DOCUMENT_REVOKE_FORBIDDEN: {
    kk: 'Қатысушылардың бірі қол қойып қойғандықтан, құжатты кері шақырып алуға болмайды',
    ru: 'Документ нельзя отозвать: один из участников уже подписал его',
    en: 'The document cannot be revoked: a participant has already signed it',
    status: 409,
  },
  REVOKE_ONLY_BY_SENDER: {
    kk: 'Құжатты тек жіберуші кері шақырып ала алады',
    ru: 'Отозвать документ может только отправитель',
    en: 'Only the sender can revoke the document',
    status: 403,
  },
  REMINDER_TOO_EARLY: {
    kk: 'Еске салуды қайта жіберуге әлі ерте. Күте тұрыңыз: {wait}',
    ru: 'Повторное напоминание можно отправить через {wait}',
    en: 'You can send another reminder in {wait}',
    status: 429,
  },
  COMPANY_REQUIRED: {
    kk: 'Жұмысты бастау үшін компанияны немесе жеке тұлға профилін қосыңыз',
    ru: 'Чтобы начать работу, привяжите компанию или профиль физического лица',
    en: 'Attach a company or an individual profile to start working',
    status: 403,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGE_MAX } from '../../limits';
import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

const ATTACHMENT_MB = SUPPORT_ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** The help widget's support chat and the operators' inbox. */
export const supportErrors = {
  SUPPORT_IDENTITY_INVALID: {
    kk: 'Чат пайдаланушыны тани алмады. Бетті жаңартыңыз',
    ru: 'Чат не смог подтвердить пользователя. Обновите страницу',
    en: 'The chat could not confirm who you are. Reload the page',
    status: 401,
  },
  SUPPORT_IDENTITY_EXPIRED: {
    kk: 'Чат сессиясының мерзімі өтті. Бетті жаңартыңыз',
    ru: 'Сессия чата истекла. Обновите страницу',
    en: 'The chat session has expired. Reload the page',
    status: 401,
  },
  SUPPORT_VISITOR_REQUIRED: {
    kk: 'Чат ашылмады. Бетті жаңартып, қайталап көріңіз',
    ru: 'Чат не открылся. Обновите страницу и повторите попытку',
    en: 'The chat did not open. Reload the page and try again',
    status: 401,
  },
  SUPPORT_OPERATOR_ONLY: {
    kk: 'Бұл бөлім тек қолдау қызметінің операторларына арналған',
    ru: 'Этот раздел доступен только операторам поддержки',
    en: 'Only support operators can open this section',
    status: 403,
  },
  SUPPORT_MESSAGE_EMPTY: {
    kk: 'Хабарлама мәтінін жазыңыз',
    ru: 'Введите текст сообщения',
    en: 'Write a message',
    status: 400,
  },
  SUPPORT_MESSAGE_TOO_LONG: {
    kk: `Хабарлама ${SUPPORT_MESSAGE_MAX} таңбадан аспауы керек`,
    ru: `Сообщение не должно превышать ${SUPPORT_MESSAGE_MAX} символов`,
    en: `A message must not exceed ${SUPPORT_MESSAGE_MAX} characters`,
    status: 400,
  },
  SUPPORT_ATTACHMENT_TYPE: {
    kk: 'Тек сурет (PNG, JPEG, GIF, WebP) немесе PDF тіркеуге болады',
    ru: 'Можно прикрепить только изображение (PNG, JPEG, GIF, WebP) или PDF',
    en: 'Only an image (PNG, JPEG, GIF, WebP) or a PDF can be attached',
    status: 415,
  },
  SUPPORT_ATTACHMENT_TOO_LARGE: {
    kk: `Тіркелетін файлдың көлемі ${ATTACHMENT_MB} МБ-тан аспауы керек`,
    ru: `Размер вложения не должен превышать ${ATTACHMENT_MB} МБ`,
    en: `An attachment must not exceed ${ATTACHMENT_MB} MB`,
    status: 413,
  },
  SUPPORT_CHAT_UNAVAILABLE: {
    kk: 'Онлайн-чат қазір қолжетімсіз. WhatsApp немесе Telegram арқылы жазыңыз',
    ru: 'Онлайн-чат сейчас недоступен. Напишите нам в WhatsApp или Telegram',
    en: 'The online chat is not available now. Write to us on WhatsApp or Telegram',
  },
  SUPPORT_CONVERSATION_CLOSED: {
    kk: 'Бұл сөйлесу жабылған: келуші жаңасын бастады. Жаңа сөйлесуде жауап беріңіз',
    ru: 'Этот диалог закрыт: посетитель начал новый. Ответьте в новом диалоге',
    en: 'This conversation is closed: the visitor has started a new one. Reply there',
    status: 409,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

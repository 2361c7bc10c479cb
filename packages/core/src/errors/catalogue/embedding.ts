import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Partner API keys, embed tokens and sessions, webhooks (server), and the iframe SDK (client-side). */
export const embeddingErrors = {
  API_KEY_INVALID: {
    kk: 'API кілті жарамсыз немесе кері қайтарылған',
    ru: 'API-ключ недействителен или отозван',
    en: 'The API key is invalid or has been revoked',
    status: 401,
  },
  API_KEY_FORBIDDEN: {
    kk: 'API кілттерін тек компания әкімшісі басқара алады',
    ru: 'Управлять API-ключами может только администратор компании',
    en: "Only the company's administrator can manage API keys",
    status: 403,
  },
  EMBED_TOKEN_INVALID: {
    kk: 'Ендіру токені танылмады',
    ru: 'Токен встраивания не распознан',
    en: 'The embed token is not recognised',
    status: 401,
  },
  EMBED_TOKEN_EXPIRED: {
    kk: 'Ендіру токенінің мерзімі өтіп кетті. Бетті жаңартып, қайталап көріңіз',
    ru: 'Срок действия токена встраивания истёк. Обновите страницу и повторите попытку',
    en: 'The embed token has expired. Reload the page and try again',
    status: 401,
  },
  EMBED_TOKEN_USED: {
    kk: 'Ендіру токені бұрын пайдаланылған. Бетті жаңартып, қайталап көріңіз',
    ru: 'Токен встраивания уже использован. Обновите страницу и повторите попытку',
    en: 'The embed token has already been used. Reload the page and try again',
    status: 409,
  },
  EMBED_ORIGIN_NOT_ALLOWED: {
    kk: 'Бұл сайтқа ({origin}) Qoltanba-ны ендіруге рұқсат етілмеген. Күтілгені: {expected}',
    ru: 'Этому сайту ({origin}) не разрешено встраивать Qoltanba. Ожидался: {expected}',
    en: 'This site ({origin}) is not allowed to embed Qoltanba. Expected: {expected}',
    withoutParams: {
      kk: 'Бұл сайтқа Qoltanba-ны ендіруге рұқсат етілмеген',
      ru: 'Этому сайту не разрешено встраивать Qoltanba',
      en: 'This site is not allowed to embed Qoltanba',
    },
    status: 403,
  },
  EMBED_SESSION_EXPIRED: {
    kk: 'Ендіру сессиясының мерзімі өтіп кетті. Бетті жаңартып, қайталап көріңіз',
    ru: 'Сессия встраивания истекла. Обновите страницу и повторите попытку',
    en: 'The embed session has expired. Reload the page and try again',
    status: 401,
  },
  EMBED_PURPOSE_MISMATCH: {
    kk: 'Бұл ендіру токені мұндай әрекетке арналмаған',
    ru: 'Этот токен встраивания не предназначен для такого действия',
    en: 'This embed token is not meant for this action',
    status: 403,
  },
  WEBHOOK_URL_INVALID: {
    kk: 'Вебхук мекенжайы https:// деп басталуы керек (http:// тек жергілікті сынақ серверіндегі localhost үшін)',
    ru: 'Адрес вебхука должен начинаться с https:// (http:// только для localhost на локальном тестовом сервере)',
    en: 'The webhook URL must start with https:// (http:// only for localhost on a local test server)',
    status: 400,
  },
  ORIGIN_INVALID: {
    kk: 'Сайт мекенжайы https://хост[:порт] түрінде болуы керек, жолсыз және * белгісінсіз (http:// тек localhost үшін)',
    ru: 'Адрес сайта должен иметь вид https://хост[:порт], без пути и без * (http:// только для localhost)',
    en: 'A site address must look like https://host[:port], without a path or * (http:// only for localhost)',
    status: 400,
  },
  EMBED_HANDSHAKE_FAILED: {
    kk: 'Ендірілген тереземен байланыс орнатылмады',
    ru: 'Не удалось установить связь со встроенным окном',
    en: 'Could not connect to the embedded frame',
  },
  EMBED_PROTOCOL_MISMATCH: {
    kk: 'Ендіру SDK нұсқасы сервер нұсқасымен сәйкес келмейді. SDK-ны жаңартыңыз',
    ru: 'Версия SDK встраивания не совпадает с версией сервера. Обновите SDK',
    en: "The embed SDK's version does not match the server's. Update the SDK",
  },
  EMBED_STORAGE_BLOCKED: {
    kk: 'Браузер ендірілген терезеге деректерді сақтауға тыйым салады. Жаңа қойындыда ашыңыз',
    ru: 'Браузер запрещает встроенному окну хранить данные. Откройте в новой вкладке',
    en: 'The browser blocks storage for the embedded frame. Open it in a new tab',
  },
  EMBED_FRAME_BLOCKED: {
    kk: 'Ендірілген терезе жүктелмеді: бұл сайтқа оны көрсетуге рұқсат етілмеген болуы мүмкін',
    ru: 'Встроенное окно не загрузилось: возможно, этому сайту не разрешено его показывать',
    en: 'The embedded frame did not load: this site may not be allowed to show it',
  },
  EMBED_DOCUMENT_CREATED: {
    kk: 'Бұл ендіру өз құжатын жасап қойған. Жаңа құжат үшін бетті жаңартыңыз',
    ru: 'Это встраивание уже создало свой документ. Для нового документа обновите страницу',
    en: 'This embed has already created its document. Reload the page for a new one',
    status: 409,
  },
  WEBHOOK_URL_PRIVATE: {
    kk: 'Вебхук мекенжайы жеке желіге бағытталған (мысалы, localhost, 10.x.x.x немесе 169.254.169.254). Интернеттен қолжетімді мекенжайды көрсетіңіз',
    ru: 'Адрес вебхука ведёт в частную сеть (например, localhost, 10.x.x.x или 169.254.169.254). Укажите адрес, доступный из интернета',
    en: 'The webhook URL points into a private network (such as localhost, 10.x.x.x or 169.254.169.254). Give an address reachable from the internet',
    status: 400,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Transport and generic server errors. */
export const transportErrors = {
  BAD_REQUEST: {
    kk: 'Сұраныс дұрыс емес',
    ru: 'Некорректный запрос',
    en: 'Incorrect Request',
    status: 400,
    legacyMessage: 'Incorrect Request',
  },
  VALIDATION_FAILED: {
    kk: '«{field}» өрісінің мәні жарамсыз',
    ru: 'Недопустимое значение поля «{field}»',
    en: 'The field "{field}" has an invalid value',
    withoutParams: {
      kk: 'Өрістердің бірінің мәні жарамсыз',
      ru: 'Недопустимое значение одного из полей',
      en: 'A field has an invalid value',
    },
    status: 400,
  },
  MALFORMED_JSON: {
    kk: 'Сұраныс денесі жарамды JSON емес',
    ru: 'Тело запроса не является корректным JSON',
    en: 'The request body is not valid JSON',
    status: 400,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    kk: 'Сұраныс мазмұнының түріне қолдау көрсетілмейді',
    ru: 'Тип содержимого запроса не поддерживается',
    en: 'The request content type is not supported',
    status: 415,
  },
  PAYLOAD_TOO_LARGE: {
    kk: 'Сұраныстың көлемі тым үлкен',
    ru: 'Слишком большой объём запроса',
    en: 'The request is too large',
    status: 413,
  },
  UNAUTHORIZED: {
    kk: 'Жүйеге кіру қажет',
    ru: 'Необходимо войти в систему',
    en: 'Please log in',
    status: 401,
  },
  FORBIDDEN: {
    kk: 'Қол жеткізуге тыйым салынған',
    ru: 'Доступ запрещён',
    en: 'Forbidden',
    status: 403,
    legacyMessage: 'Forbidden',
  },
  NOT_FOUND: {
    kk: 'Ештеңе табылмады',
    ru: 'Не найдено',
    en: 'Not found',
    status: 404,
    legacyMessage: 'Not found',
  },
  ROUTE_NOT_FOUND: {
    kk: 'Мұндай API мекенжайы жоқ',
    ru: 'Такого адреса API не существует',
    en: 'No such API route',
    status: 404,
  },
  METHOD_NOT_ALLOWED: {
    kk: 'Бұл мекенжайға мұндай әдіспен сұраныс жіберуге болмайды',
    ru: 'Этот метод запроса не разрешён для данного адреса',
    en: 'This request method is not allowed for this route',
    status: 405,
  },
  RATE_LIMITED: {
    kk: 'Сұраныстар тым көп. {retryAfter} секундтан соң қайталап көріңіз',
    ru: 'Слишком много запросов. Повторите попытку через {retryAfter} с',
    en: 'Too many requests. Try again in {retryAfter} seconds',
    withoutParams: {
      kk: 'Сұраныстар тым көп. Кейінірек қайталап көріңіз',
      ru: 'Слишком много запросов. Повторите попытку позже',
      en: 'Too many requests. Try again later',
    },
    status: 429,
  },
  INTERNAL_ERROR: {
    kk: 'Сервердің ішкі қатесі',
    ru: 'Внутренняя ошибка сервера',
    en: 'Internal Server Error',
    status: 500,
    legacyMessage: 'Internal Server Error',
  },
  SERVICE_UNAVAILABLE: {
    kk: 'Қызмет уақытша қолжетімсіз. Біраздан соң қайталап көріңіз',
    ru: 'Сервис временно недоступен. Попробуйте позже',
    en: 'The service is temporarily unavailable. Please try again later',
    status: 503,
  },
  DATABASE_UNAVAILABLE: {
    kk: 'Деректер қоры уақытша қолжетімсіз. {retryAfter} секундтан соң қайталап көріңіз',
    ru: 'База данных временно недоступна. Повторите попытку через {retryAfter} с',
    en: 'The database is temporarily unavailable. Try again in {retryAfter} seconds',
    withoutParams: {
      kk: 'Деректер қоры уақытша қолжетімсіз. Біраздан соң қайталап көріңіз',
      ru: 'База данных временно недоступна. Повторите попытку позже',
      en: 'The database is temporarily unavailable. Please try again later',
    },
    status: 503,
  },
  STORAGE_UNAVAILABLE: {
    kk: 'Файл қоймасы уақытша қолжетімсіз. {retryAfter} секундтан соң қайталап көріңіз',
    ru: 'Хранилище файлов временно недоступно. Повторите попытку через {retryAfter} с',
    en: 'The file storage is temporarily unavailable. Try again in {retryAfter} seconds',
    withoutParams: {
      kk: 'Файл қоймасы уақытша қолжетімсіз. Біраздан соң қайталап көріңіз',
      ru: 'Хранилище файлов временно недоступно. Повторите попытку позже',
      en: 'The file storage is temporarily unavailable. Please try again later',
    },
    status: 503,
  },
  CONTROL_CHARACTERS: {
    kk: 'Мәтінде рұқсат етілмеген таңбалар бар',
    ru: 'Текст содержит недопустимые символы',
    en: 'The text contains characters that are not allowed',
    status: 400,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

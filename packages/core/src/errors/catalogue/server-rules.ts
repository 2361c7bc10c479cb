import { TARIFFS_PAGE } from '../../api/paths';
import { DOCUMENT_MAX_FILES } from '../../limits';
import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Server rules of SPEC sections 4 and 6 that the spec gives no quoted message for. */
export const serverRuleErrors = {
  TARIFF_EXPIRED: {
    kk: 'Тарифтің мерзімі аяқталды. Құжат жіберу үшін тарифті ұзартыңыз',
    ru: 'Срок действия тарифа истёк. Продлите тариф, чтобы отправлять документы',
    en: 'Your tariff has expired. Renew it to send documents',
    status: 402,
    link: TARIFFS_PAGE,
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
    withoutParams: {
      kk: 'Еске салуды қайта жіберуге әлі ерте. Кейінірек қайталап көріңіз',
      ru: 'Повторное напоминание пока отправить нельзя. Попробуйте позже',
      en: 'It is too early to send another reminder. Try again later',
    },
    status: 429,
  },
  APPROVAL_PENDING: {
    kk: 'Қол қоюшының келісушісі құжатты әлі келіскен жоқ: келісімнен кейін қол қоюға немесе бас тартуға болады',
    ru: 'Согласующий подписанта ещё не согласовал документ: подписать или отказать можно после согласования',
    en: "The signer's approver has not approved the document yet: it can be signed or rejected after the approval",
    status: 409,
  },
  APPROVAL_NOT_PENDING: {
    kk: 'Бұл қол қоюшының келісімі күтілмейді: құжат келісілген немесе одан бас тартылған',
    ru: 'Согласование этого подписанта не ожидается: документ уже согласован или отклонён',
    en: "This signer's approval is not awaited: the document was already approved or declined",
    status: 409,
  },
  APPROVAL_LINK_NOT_FOUND: {
    kk: 'Келісу сілтемесі табылмады немесе оның мерзімі өтіп кетті',
    ru: 'Ссылка для согласования не найдена или её срок истёк',
    en: 'The approval link was not found or has expired',
    status: 404,
  },
  DOCUMENT_EXPIRED: {
    kk: 'Құжатқа қол қою мерзімі өтіп кетті: ол енді қолтаңба қабылдамайды',
    ru: 'Срок подписания документа истёк: он больше не принимает подписи',
    en: 'The signing period of the document has ended: it no longer accepts signatures',
    status: 409,
  },
  SIGNING_LINK_RESEND_TOO_EARLY: {
    kk: 'Бұл қол қоюшыға сілтеме жақында жіберілді. {retryAfter} секундтан соң қайта жіберуге болады',
    ru: 'Ссылка этому подписанту отправлена недавно. Повторно отправить можно через {retryAfter} с',
    en: 'A link was sent to this signer recently. You can send it again in {retryAfter} seconds',
    withoutParams: {
      kk: 'Бұл қол қоюшыға сілтеме жақында жіберілді. Кейінірек қайталап көріңіз',
      ru: 'Ссылка этому подписанту отправлена недавно. Попробуйте позже',
      en: 'A link was sent to this signer recently. Try again later',
    },
    status: 429,
  },
  SIGNING_LINK_RESEND_LIMIT: {
    kk: 'Компания бүгін тым көп сілтеме қайта жіберді. {retryAfter} секундтан соң қайталап көріңіз',
    ru: 'Компания сегодня повторно отправила слишком много ссылок. Повторите через {retryAfter} с',
    en: 'Your company has sent too many links again today. Try again in {retryAfter} seconds',
    withoutParams: {
      kk: 'Компания бүгін тым көп сілтеме қайта жіберді. Кейінірек қайталап көріңіз',
      ru: 'Компания сегодня повторно отправила слишком много ссылок. Попробуйте позже',
      en: 'Your company has sent too many links again today. Try again later',
    },
    status: 429,
  },
  COMPANY_REQUIRED: {
    kk: 'Жұмысты бастау үшін компанияны немесе жеке тұлға профилін қосыңыз',
    ru: 'Чтобы начать работу, привяжите компанию или профиль физического лица',
    en: 'Attach a company or an individual profile to start working',
    status: 403,
  },
  SIGNERS_REQUIRED: {
    kk: 'Құжатты жіберу үшін кемінде бір қол қоюшыны қосыңыз',
    ru: 'Чтобы отправить документ, добавьте хотя бы одного подписанта',
    en: 'Add at least one signer to send the document',
    status: 400,
  },
  DOCUMENT_FILES_LIMIT: {
    kk: `Бір құжатта ${DOCUMENT_MAX_FILES} файлдан артық болмауы керек`,
    ru: `В документе может быть не более ${DOCUMENT_MAX_FILES} файлов`,
    en: `A document can have at most ${DOCUMENT_MAX_FILES} files`,
    status: 400,
  },
  MULTIPART_INVALID: {
    kk: 'Жүктеу сұранысы дұрыс құрылмаған',
    ru: 'Запрос на загрузку составлен неверно',
    en: 'The upload request is malformed',
    status: 400,
  },
  FOLDER_NOT_FOUND: {
    kk: 'Қалта табылмады',
    ru: 'Папка не найдена',
    en: 'Folder not found',
    status: 404,
  },
  FOLDER_CYCLE: {
    kk: 'Қалтаны өзінің ішіне немесе ішкі қалтасына жылжытуға болмайды',
    ru: 'Папку нельзя переместить в саму себя или во вложенную папку',
    en: 'A folder cannot be moved into itself or one of its subfolders',
    status: 409,
  },
  COUNTERPARTY_NOT_FOUND: {
    kk: 'Мұндай контрагент табылмады',
    ru: 'Контрагент не найден',
    en: 'Counterparty not found',
    status: 404,
  },
  COUNTERPARTY_EXISTS: {
    kk: 'Бұл БСН/ЖСН-мен контрагент бұрыннан бар',
    ru: 'Контрагент с таким БИН/ИИН уже есть',
    en: 'A counterparty with this BIN/IIN already exists',
    status: 409,
  },
  PREVIEW_UNAVAILABLE: {
    kk: 'Бұл файлды алдын ала қарау қазір қолжетімсіз. Файлды жүктеп алып ашыңыз',
    ru: 'Предпросмотр этого файла сейчас недоступен. Скачайте файл, чтобы открыть его',
    en: 'A preview of this file is not available now. Download the file to open it',
    status: 503,
  },
  PREVIEW_FAILED: {
    kk: 'Файлды алдын ала қарау үшін түрлендіру мүмкін болмады',
    ru: 'Не удалось преобразовать файл для предпросмотра',
    en: 'The file could not be converted for preview',
    status: 422,
  },
  PREVIEW_TOO_COMPLEX: {
    kk: 'Файл алдын ала қарау үшін тым күрделі. Файлды жүктеп алып ашыңыз',
    ru: 'Файл слишком сложен для предпросмотра. Скачайте файл, чтобы открыть его',
    en: 'The file is too complex to preview. Download the file to open it',
    status: 422,
  },
  PREVIEW_BUSY: {
    kk: 'Алдын ала қарау кезегі толы. {retryAfter} секундтан соң қайталап көріңіз',
    ru: 'Очередь предпросмотра заполнена. Повторите попытку через {retryAfter} с',
    en: 'The preview queue is full. Try again in {retryAfter} seconds',
    withoutParams: {
      kk: 'Алдын ала қарау кезегі толы. Кейінірек қайталап көріңіз',
      ru: 'Очередь предпросмотра заполнена. Повторите попытку позже',
      en: 'The preview queue is full. Try again later',
    },
    status: 503,
  },
  FILE_NOT_RETAINED: {
    kk: 'Файлдың түпнұсқасы сақтау мерзімі өткеннен кейін жойылды. Оның SHA-256 хэші мен қолтаңбалары тексеру үшін сақталған',
    ru: 'Оригинал файла удалён по истечении срока хранения. Его хэш SHA-256 и подписи сохранены для проверки',
    en: 'The original file was deleted when its retention period ended. Its SHA-256 hash and signatures are kept for verification',
    status: 410,
  },
  DOCUMENT_NOT_SENT: {
    kk: 'Жоба әлі жіберілмеген: оған сілтемемен бөлісуге болмайды. Алдымен құжатты қол қоюға жіберіңіз',
    ru: 'Черновик ещё не отправлен: им нельзя поделиться по ссылке. Сначала отправьте документ на подписание',
    en: 'The draft has not been sent: it cannot be shared by link. Send the document for signing first',
    status: 409,
  },
  NOT_SIGNERS_TURN: {
    kk: 'Қол қою кезегі әлі келген жоқ: алдымен тізімде сізден бұрынғы қол қоюшылар қол қоюы керек',
    ru: 'Ещё не ваша очередь подписывать: сначала должны подписать подписанты, стоящие в списке раньше',
    en: 'It is not your turn to sign yet: the signers listed before you must sign first',
    status: 409,
  },
  SIGNATURE_INVALID: {
    kk: 'Қолтаңба тексерілмеді: сертификат немесе қолтаңба жарамсыз не сенімсіз',
    ru: 'Подпись не прошла проверку: сертификат или подпись недействительны или не доверенные',
    en: 'The signature did not pass verification: the certificate or signature is invalid or not trusted',
    status: 400,
  },
  TIMESTAMP_UNAVAILABLE: {
    kk: 'Уақыт белгісі қызметі қазір жауап бермей тұр, сондықтан қолтаңба сақталмады. Біраз уақыттан кейін қайта қол қойыңыз',
    ru: 'Служба меток времени сейчас не отвечает, поэтому подпись не сохранена. Подпишите ещё раз немного позже',
    en: 'The timestamping service is not answering right now, so the signature was not kept. Sign again a little later',
    status: 503,
  },
  SIGNING_LINK_NOT_FOUND: {
    kk: 'Қол қою сілтемесі табылмады немесе оның мерзімі өтіп кетті',
    ru: 'Ссылка для подписания не найдена или её срок истёк',
    en: 'The signing link was not found or has expired',
    status: 404,
  },
  QR_SESSION_NOT_FOUND: {
    kk: 'QR арқылы қол қою сессиясы табылмады',
    ru: 'Сессия подписания по QR не найдена',
    en: 'The QR signing session was not found',
    status: 404,
  },
  ATTACH_CHALLENGE_INVALID: {
    kk: 'Қол қоюға арналған деректердің мерзімі өтіп кетті немесе олар пайдаланылған. Қайталап көріңіз',
    ru: 'Данные для подписи устарели или уже использованы. Повторите попытку',
    en: 'The data to sign has expired or was already used. Try again',
    status: 400,
  },
  ATTACH_SIGNATURE_ROLE: {
    kk: 'Компанияны тек заңды тұлғаның бірінші басшысының немесе қол қою құқығы бар адамның ЭЦҚ-сымен қосуға болады',
    ru: 'Привязать компанию можно только ЭЦП первого руководителя или лица с правом подписи юридического лица',
    en: "A company can only be attached with the EDS of a legal entity's first head or a person with the right to sign",
    status: 403,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

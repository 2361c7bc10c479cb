import { CARD_MAX_ATTACHMENTS, VERIFY_MAX_FILES, VERIFY_MAX_TOTAL_BYTES } from '../../limits';
import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

const VERIFY_MB = VERIFY_MAX_TOTAL_BYTES / (1024 * 1024);

/** Client-side messages of SPEC section 8 (signing app, verification, uploads, session). */
export const clientErrors = {
  SIGNER_APP_NOT_RUNNING: {
    kk: 'Қол қою бағдарламасы (NCALayer) іске қосылмаған. Оны іске қосып, қайталап көріңіз',
    ru: 'Программа для подписания (NCALayer) не запущена. Запустите её и повторите попытку',
    en: 'The signing program (NCALayer) is not running. Start it and try again',
  },
  // Ours: NCALayer answered with an error (wrong password, no key matching the filter, token removed...).
  SIGNER_APP_FAILED: {
    kk: 'Қол қою бағдарламасы (NCALayer) құжатқа қол қоя алмады. Кілт пен құпиясөзді тексеріп, қайталап көріңіз',
    ru: 'Программа для подписания (NCALayer) не смогла подписать. Проверьте ключ и пароль и повторите попытку',
    en: 'The signing program (NCALayer) could not sign. Check the key and password and try again',
  },
  BIN_NOT_AMONG_SIGNERS: {
    kk: 'Бұл БСН/ЖСН қол қоюшылардың қатарында жоқ',
    ru: 'Этот БИН/ИИН не входит в число подписантов',
    en: 'This BIN/IIN is not among the signers',
    // Also the server's answer when a signature breaks this rule.
    status: 403,
  },
  ALREADY_SIGNED_BY_BIN: {
    kk: 'Құжатқа осы БСН/ЖСН арқылы қол қойылып қойған',
    ru: 'Документ уже подписан с этим БИН/ИИН',
    en: 'The document is already signed with this BIN/IIN',
    // Also the server's answer when a signature breaks this rule.
    status: 409,
  },
  SIGNATURE_MISMATCH: {
    kk: 'Қолтаңба сұралған құжатқа немесе компанияға сәйкес келмейді',
    ru: 'Подпись не соответствует запрошенному документу или компании',
    en: 'The signature does not match the requested document or company',
    // Also the server's answer when a signature breaks this rule.
    status: 403,
  },
  QR_SIGNING_TIMEOUT: {
    kk: 'QR арқылы қол қоюдың күту уақыты өтіп кетті',
    ru: 'Время ожидания подписания по QR истекло',
    en: 'The QR signing timeout was exceeded',
    // Also the server's answer when a signature breaks this rule.
    status: 410,
  },
  IIN_NOT_IN_REGISTER: {
    kk: 'ЖСН мемлекеттік статистикалық тіркелімнен табылмады',
    ru: 'ИИН не найден в государственном статистическом регистре',
    en: 'The IIN was not found in the state statistics register',
  },
  CERTIFICATE_REVOKED: {
    kk: 'Сертификаттың күші жойылған',
    ru: 'Сертификат отозван',
    en: 'The certificate has been revoked',
    // Also the server's answer when a signature breaks this rule.
    status: 400,
  },
  DOCUMENT_NOT_SIGNED: {
    kk: 'Құжатқа қол қойылмаған',
    ru: 'Документ не подписан',
    en: 'The document is not signed',
  },
  UNSUPPORTED_FILE_FORMAT: {
    kk: 'Файл пішіміне қолдау көрсетілмейді',
    ru: 'Формат файла не поддерживается',
    en: 'Unsupported file format',
  },
  // Ours: verification of XML documents signed with XMLDSig.
  XML_MALFORMED: {
    kk: 'XML файлы бүлінген немесе UTF-8 кодтауында емес',
    ru: 'XML-файл повреждён или не в кодировке UTF-8',
    en: 'The XML file is malformed or not in UTF-8',
  },
  XML_NOT_SIGNED: {
    kk: 'XML файлында қолтаңба (XMLDSig) жоқ',
    ru: 'В XML-файле нет подписи (XMLDSig)',
    en: 'The XML file carries no signature (XMLDSig)',
  },
  XML_DTD_REFUSED: {
    kk: 'DTD немесе сыртқы нысандары бар XML файлдары қауіпсіздік үшін қабылданбайды',
    ru: 'XML-файлы с DTD или внешними сущностями не принимаются из соображений безопасности',
    en: 'XML files with a DTD or external entities are refused for security',
  },
  // Ours: an XML file past the configured cap (QOLTANBA_XML_MAX_BYTES) is refused before it is parsed.
  XML_TOO_LARGE: {
    kk: 'XML файлы тексеру үшін тым үлкен',
    ru: 'XML-файл слишком большой для проверки',
    en: 'The XML file is too large to verify',
    status: 413,
  },
  // Ours: a document card (a PDF carrying the original and its detached CMS as attached files, kaarkz/ddcard).
  // Short: every language's catalogue is in the elements' text chunk, which has a size budget.
  CARD_MALFORMED: {
    kk: 'Карточка файлдары оқылмайды',
    ru: 'Файлы карточки не читаются',
    en: "The card's files cannot be read",
  },
  CARD_NO_ORIGINAL: {
    kk: 'Карточкада құжат түпнұсқасы жоқ',
    ru: 'В карточке нет подлинника',
    en: 'The card has no original',
  },
  CARD_SIGNATURE_NOT_DETACHED: {
    kk: 'Карточкадағы қолтаңба бөлек емес',
    ru: 'Подпись в карточке не открепленная',
    en: 'A card signature is not detached',
  },
  CARD_EXECUTABLE_ORIGINAL: {
    kk: 'Карточка түпнұсқасы — орындалатын файл',
    ru: 'Подлинник карточки — исполняемый файл',
    en: "The card's original is an executable",
  },
  CARD_TOO_LARGE: {
    kk: `Карточка файлдары ${VERIFY_MB} МБ-тан үлкен`,
    ru: `Файлы карточки больше ${VERIFY_MB} МБ`,
    en: `The card's files exceed ${VERIFY_MB} MB`,
    status: 413,
  },
  CARD_TOO_MANY_FILES: {
    kk: `Карточкада ${CARD_MAX_ATTACHMENTS} файлдан көп`,
    ru: `В карточке больше ${CARD_MAX_ATTACHMENTS} файлов`,
    en: `The card has over ${CARD_MAX_ATTACHMENTS} files`,
  },
  TOO_MANY_FILES: {
    kk: `Файлдар тым көп. Ең көбі ${VERIFY_MAX_FILES} файл жүктеуге болады`,
    ru: `Слишком много файлов. Можно загрузить не более ${VERIFY_MAX_FILES}`,
    en: `Too many files. You can upload at most ${VERIFY_MAX_FILES}`,
  },
  SIZE_OVER_LIMIT: {
    kk: `Файлдардың жалпы көлемі шектен асып кетті (ең көбі ${VERIFY_MB} МБ)`,
    ru: `Превышен допустимый общий размер файлов (не более ${VERIFY_MB} МБ)`,
    en: `Size over limit (at most ${VERIFY_MB} MB in total)`,
  },
  MAINTENANCE: {
    kk: 'Техникалық жұмыстар жүріп жатыр. Біраздан соң кіріңіз',
    ru: 'Ведутся технические работы. Зайдите позже',
    en: 'Technical work in progress. Please come back later',
  },
  FILES_STILL_UPLOADING: {
    kk: 'Файлдар әлі жүктеліп жатыр. Жүктелу аяқталғанша күтіңіз',
    ru: 'Файлы ещё загружаются. Дождитесь окончания загрузки',
    en: 'Files are still uploading. Wait until the upload finishes',
    // Also the server's answer to sending a document while one of its files is still being received.
    status: 409,
  },
  COMPANY_SWITCH_BLOCKED: {
    kk: 'Құжатты өңдеп жатқанда компанияны ауыстыруға болмайды',
    ru: 'Нельзя сменить компанию во время редактирования документа',
    en: 'You cannot switch company while editing a document',
  },
  NETWORK_ERROR: {
    kk: 'Серверге қосылу мүмкін болмады. Интернет байланысын тексеріңіз',
    ru: 'Не удалось связаться с сервером. Проверьте подключение к интернету',
    en: 'Could not reach the server. Check your internet connection',
  },
  SESSION_EXPIRED: {
    kk: 'Сеанс аяқталды. Жүйеге қайта кіріңіз',
    ru: 'Сеанс завершён. Войдите снова',
    en: 'Your session has ended. Please log in again',
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

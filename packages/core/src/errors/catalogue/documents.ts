import { TARIFFS_PAGE } from '../../api/paths';
import { MAX_FILE_BYTES } from '../../limits';
import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

const FILE_MB = MAX_FILE_BYTES / (1024 * 1024);

/** Server messages of SPEC section 8 (documents, files, signing, storage, tariffs). */
export const documentErrors = {
  ENTITY_NOT_FOUND: {
    kk: 'Мәртебе, компания немесе құжат табылмады',
    ru: 'Статус, компания или документ не найдены',
    en: 'Status, company or document not found',
    status: 404,
    legacyMessage: 'Status/Company/Document has not found',
  },
  QUERY_PARAM_TOO_LONG: {
    kk: 'Сұраныс параметрі тым ұзын',
    ru: 'Параметр запроса слишком длинный',
    en: 'A query parameter is too long',
    status: 400,
    legacyMessage: 'Query param is too long',
  },
  DOCUMENT_ALREADY_SIGNED: {
    kk: 'Құжатқа қол қойылып қойған',
    ru: 'Документ уже подписан',
    en: 'The document is already signed',
    status: 409,
    legacyMessage: 'Document is already signed',
  },
  SIGNATURE_MISSING: {
    kk: 'Файлда қолтаңба жоқ',
    ru: 'В файле отсутствует подпись',
    en: 'The file contains no signature',
    status: 400,
    legacyMessage: 'Signature in file is missing',
  },
  UIN_INVALID: {
    kk: 'Төлемнің бірегей нөмірі (UIN) көрсетілмеген немесе қате',
    ru: 'УИН не указан или недействителен',
    en: 'The UIN is missing or invalid',
    status: 400,
    legacyMessage: 'Uin is missing or not valid',
  },
  FILE_FORMAT_NOT_ALLOWED: {
    kk: 'Тек pdf, doc, docx, odt файлдарын жүктеуге болады',
    ru: 'Можно загрузить только файлы pdf, doc, docx, odt',
    en: 'Only pdf, doc, docx and odt files can be uploaded',
    status: 415,
    legacyMessage: 'Can load only pdf, doc, docx, odt',
  },
  SIGNED_FILE_MISMATCH: {
    kk: 'Қолтаңбадағы файл түпнұсқа файлмен сәйкес келмейді',
    ru: 'Файл из подписи отличается от исходного файла',
    en: 'The file in the signature differs from the original file',
    status: 400,
    legacyMessage: 'File from signature and original file is different',
  },
  DOCUMENT_SIGNING_LOCKED: {
    kk: 'Бұл құжатқа қазір басқа пайдаланушы қол қойып жатыр. Бірнеше секундтан соң қайталап көріңіз',
    ru: 'Документ сейчас подписывает другой пользователь. Повторите через несколько секунд',
    en: 'Another user is signing this document right now. Try again in a few seconds',
    status: 409,
    legacyMessage: 'Document is signing by another user now',
  },
  STORAGE_FULL: {
    kk: 'Қоймаңызда бос орын қалмады',
    ru: 'В вашем хранилище нет свободного места',
    en: 'There is no free space left in your storage',
    status: 507,
    legacyMessage: 'Has not free space in your storage',
  },
  DOCUMENT_ACCESS_FORBIDDEN: {
    kk: 'Бұл құжатқа қол жеткізуге рұқсат жоқ',
    ru: 'Доступ к документу запрещён',
    en: 'Access to this document is forbidden',
    status: 403,
    legacyMessage: 'Access to document is forbidden',
  },
  DOCUMENT_CHANGE_FORBIDDEN: {
    kk: 'Құжатты өзгертуге болмайды',
    ru: 'Изменение документа запрещено',
    en: 'This document cannot be changed',
    status: 403,
    legacyMessage: 'Document change is forbidden',
  },
  COMPANY_SIGNING_FORBIDDEN: {
    kk: 'Бұл компания құжатқа қол қоя алмайды',
    ru: 'Этой компании запрещено подписывать документ',
    en: 'This company is not allowed to sign the document',
    status: 403,
    legacyMessage: 'Signing document is forbidden for this company',
  },
  REJECTED_DOCUMENT_SIGNING_FORBIDDEN: {
    kk: 'Қабылданбаған құжатқа қол қоюға болмайды. Алдымен оны өңдеңіз',
    ru: 'Отклонённый документ нельзя подписать. Сначала отредактируйте его',
    en: 'A rejected document cannot be signed. Edit it first',
    status: 409,
    legacyMessage: 'Rejected document signing is forbidden',
  },
  DOCUMENT_WITHOUT_FILE: {
    kk: 'Файлы жоқ құжатты жасауға болмайды',
    ru: 'Нельзя создать документ без файла',
    en: 'A document cannot be created without a file',
    status: 400,
    legacyMessage: 'Creating document without file is forbidden',
  },
  FILE_SAVE_FAILED: {
    kk: 'Файлды сақтау кезінде ішкі қате шықты',
    ru: 'Внутренняя ошибка при сохранении файла',
    en: 'Internal error while saving the file',
    status: 500,
  },
  // The bytes of a file the database knows are not in this server's storage (another instance's folder, lost).
  FILE_LOAD_FAILED: {
    kk: 'Файл сервер қоймасында табылмады; кейінірек қайталап көріңіз немесе қолдау қызметіне жазыңыз',
    ru: 'Файл не найден в хранилище сервера; повторите позже или напишите в поддержку',
    en: 'The file is not available in the server’s storage; try again later or contact support',
    status: 503,
  },
  FILE_SIGN_FAILED: {
    kk: 'Файлға қол қою кезінде ішкі қате шықты',
    ru: 'Внутренняя ошибка при подписании файла',
    en: 'Internal error while signing the file',
    status: 500,
  },
  FILE_VERIFY_FAILED: {
    kk: 'Файлды тексеру кезінде ішкі қате шықты',
    ru: 'Внутренняя ошибка при проверке файла',
    en: 'Internal error while verifying the file',
    status: 500,
  },
  ONLY_IN_PROGRESS_CAN_BE_REJECTED: {
    kk: 'Тек қол қою үстіндегі құжатты қабылдамауға болады',
    ru: 'Отклонить можно только документ, находящийся на подписании',
    en: 'Only documents in progress can be rejected',
    status: 409,
    legacyMessage: 'Only documents in progress can be rejected',
  },
  FILE_TOO_LARGE: {
    kk: `Файлдың көлемі ${FILE_MB} МБ-тан аспауы керек`,
    ru: `Размер файла не должен превышать ${FILE_MB} МБ`,
    en: `File size must not exceed ${FILE_MB} MB`,
    status: 413,
    legacyMessage: 'File size must not exceed 5 Mb',
  },
  STORAGE_OVERFLOW_AFTER_SIGNING: {
    kk: 'Түрлендіру мен қол қоюдан кейін қойма толып кетті',
    ru: 'Хранилище переполнено после конвертации и подписания',
    en: 'Storage overflow after conversion and signing',
    status: 507,
    legacyMessage: 'Storage overflow after conversion and signing',
  },
  FREE_TARIFF_ALREADY_USED: {
    kk: 'Тегін тариф пайдаланылып болды',
    ru: 'Бесплатный тариф уже использован',
    en: 'Free tariff already used',
    status: 402,
    legacyMessage: 'Free tariff already used',
    link: TARIFFS_PAGE,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

import {
  DOCUMENT_NAME_MAX,
  DOCUMENT_NAME_MIN,
  FOLDER_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REJECT_COMMENT_MAX,
  REJECT_COMMENT_MIN,
} from '../../limits';
import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Validation messages of the rules in SPEC section 5. */
export const validationErrors = {
  DOCUMENT_NAME_LENGTH: {
    kk: `Құжат атауы ${DOCUMENT_NAME_MIN}–${DOCUMENT_NAME_MAX} таңбадан тұруы керек`,
    ru: `Название документа должно содержать от ${DOCUMENT_NAME_MIN} до ${DOCUMENT_NAME_MAX} символов`,
    en: `The document name must be ${DOCUMENT_NAME_MIN} to ${DOCUMENT_NAME_MAX} characters long`,
  },
  REJECT_COMMENT_LENGTH: {
    kk: `Қабылдамау себебі ${REJECT_COMMENT_MIN}–${REJECT_COMMENT_MAX} таңбадан тұруы керек`,
    ru: `Причина отклонения должна содержать от ${REJECT_COMMENT_MIN} до ${REJECT_COMMENT_MAX} символов`,
    en: `The rejection reason must be ${REJECT_COMMENT_MIN} to ${REJECT_COMMENT_MAX} characters long`,
  },
  SELF_AS_SIGNER: {
    kk: 'Өзіңізді қол қоюшы ретінде қоса алмайсыз',
    ru: 'Нельзя указать себя в качестве подписанта',
    en: 'You cannot add yourself as a signer',
  },
  SIGNER_DUPLICATE: {
    kk: 'Бұл БСН/ЖСН қол қоюшылар тізіміне қосылып қойған',
    ru: 'Этот БИН/ИИН уже добавлен в список подписантов',
    en: 'This BIN/IIN has already been added as a signer',
  },
  IDENTITY_NUMBER_INVALID: {
    kk: 'БСН/ЖСН қате енгізілген',
    ru: 'Неверный БИН/ИИН',
    en: 'Invalid BIN/IIN',
  },
  APPROVER_EMAIL_INVALID: {
    kk: 'Келісушінің электрондық поштасы қате. Оны түзетіңіз немесе келісушіні алып тастаңыз',
    ru: 'Неверный e-mail согласующего. Исправьте его или удалите согласующего',
    en: "The approver's e-mail is invalid. Correct it or remove the approver",
  },
  PASSWORD_TOO_SHORT: {
    kk: `Құпиясөз кемінде ${PASSWORD_MIN} таңбадан тұруы керек`,
    ru: `Пароль должен содержать не менее ${PASSWORD_MIN} символов`,
    en: `The password must be at least ${PASSWORD_MIN} characters long`,
  },
  PASSWORD_TOO_LONG: {
    kk: `Құпиясөздің ұзындығы ${PASSWORD_MAX} таңбадан аспауы керек`,
    ru: `Пароль должен содержать не более ${PASSWORD_MAX} символов`,
    en: `The password must be at most ${PASSWORD_MAX} characters long`,
  },
  EMAIL_TAKEN: {
    kk: 'Бұл электрондық пошта тіркеліп қойған',
    ru: 'Этот e-mail уже зарегистрирован',
    en: 'This e-mail is already registered',
    status: 409,
  },
  PHONE_TAKEN: {
    kk: 'Бұл телефон нөмірі тіркеліп қойған',
    ru: 'Этот номер телефона уже зарегистрирован',
    en: 'This phone number is already registered',
    status: 409,
  },
  FOLDER_NAME_REQUIRED: {
    kk: 'Қалтаның атауын енгізіңіз',
    ru: 'Введите название папки',
    en: 'Enter a folder name',
  },
  FOLDER_NAME_TAKEN: {
    kk: 'Мұндай атауы бар қалта бұрыннан бар',
    ru: 'Папка с таким названием уже существует',
    en: 'A folder with this name already exists',
    status: 409,
  },
  FOLDER_NAME_TOO_LONG: {
    kk: `Қалта атауы ${FOLDER_NAME_MAX} таңбадан аспауы керек`,
    ru: `Название папки должно содержать не более ${FOLDER_NAME_MAX} символов`,
    en: `The folder name must be at most ${FOLDER_NAME_MAX} characters long`,
  },
  COMPANY_REQUIRED_FOR_EDIT: {
    kk: 'Құжатты өңдеу немесе оған қол қою үшін таңдалған компания қол қоюшылардың қатарында болуы керек',
    ru: 'Чтобы редактировать или подписать документ, выбранная компания должна участвовать в его подписании',
    en: 'To edit or sign the document, the selected company must take part in signing it',
  },
  PHONE_MISMATCH: {
    kk: 'Телефон нөмірі мемлекеттік дерекқорда ЖСН-ге тіркелген нөмірмен сәйкес келмейді',
    ru: 'Номер телефона не совпадает с номером, привязанным к ИИН в государственной базе данных',
    en: 'The phone number does not match the number linked to the IIN in the state database',
  },
  ATTACH_BY_IIN_ONLY_INDIVIDUALS: {
    kk: 'ЖСН бойынша тек жеке тұлғалар мен жеке кәсіпкерлерді қосуға болады',
    ru: 'Привязка по ИИН доступна только физическим лицам и индивидуальным предпринимателям',
    en: 'Only individuals and sole proprietors can be attached by IIN',
  },
  FEEDBACK_REQUIRED: {
    kk: 'Хабарлама мәтінін жазыңыз',
    ru: 'Введите текст сообщения',
    en: 'Enter your message',
  },
  INVALID_EMAIL: {
    kk: 'Электрондық пошта мекенжайы қате',
    ru: 'Неверный формат e-mail',
    en: 'Invalid e-mail address',
  },
  INVALID_PHONE: {
    kk: 'Телефон нөмірі қате',
    ru: 'Неверный формат номера телефона',
    en: 'Invalid phone number',
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Login errors. */
export const loginErrors = {
  ACCOUNT_NOT_FOUND: {
    kk: 'Тіркелгі табылмады',
    ru: 'Учётная запись не найдена',
    en: 'Account not found',
    status: 404,
  },
  INVALID_LOGIN: {
    kk: 'Электрондық пошта немесе телефон нөмірі қате енгізілген',
    ru: 'Неверный e-mail или номер телефона',
    en: 'Invalid e-mail or phone number',
    status: 400,
  },
  INVALID_PASSWORD: {
    kk: 'Құпиясөз қате',
    ru: 'Неверный пароль',
    en: 'Invalid password',
    status: 401,
  },
  INVALID_CODE: {
    kk: 'Растау коды қате',
    ru: 'Неверный код подтверждения',
    en: 'Invalid confirmation code',
    status: 400,
  },
  ACCOUNT_BLOCKED: {
    kk: 'Тіркелгі уақытша бұғатталды. Қайта кіруге болатын уақыт: {until}',
    ru: 'Учётная запись временно заблокирована до {until}',
    en: 'The account is temporarily blocked until {until}',
    withoutParams: {
      kk: 'Тіркелгі уақытша бұғатталды. Кейінірек қайталап көріңіз',
      ru: 'Учётная запись временно заблокирована. Попробуйте позже',
      en: 'The account is temporarily blocked. Try again later',
    },
    status: 423,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

import type { Lang } from '@qoltanba/core';
import { AVATAR_MAX_BYTES, PERSON_NAME_MAX } from '@qoltanba/core';
import { addTranslations, getT, type TranslateFn, type Translations } from '@qoltanba/sdk';

const AVATAR_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** The example phone of the hints, with no-break spaces: a line never breaks inside the number. */
export const EXAMPLE_PHONE = '+7\u00a0701\u00a0234\u00a056\u00a078';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  loginLabel: 'Электрондық пошта немесе телефон',
  loginHint: `Мысалы: name@example.kz немесе ${EXAMPLE_PHONE}`,
  passwordLabel: 'Құпиясөз',
  passwordHint: 'Кемінде {{min}} таңба',
  newPasswordLabel: 'Жаңа құпиясөз',
  repeatPasswordLabel: 'Құпиясөзді қайталаңыз',
  showPassword: 'Құпиясөзді көрсету',
  firstnameLabel: 'Аты',
  lastnameLabel: 'Тегі',
  busy: 'Күте тұрыңыз…',
  next: 'Жалғастыру',
  back: 'Артқа',
  sendCode: 'Код жіберу',
  changeTarget: 'Поштаны немесе нөмірді өзгерту',
  code: {
    label: 'Растау коды',
    hint: '{{length}} цифрдан тұратын код',
    sentTo: 'Код жіберілді: {{target}}',
    resend: 'Кодты қайта жіберу',
    resendIn: 'Кодты қайта жіберу: {{time}}',
    resent: 'Жаңа код жіберілді',
  },
  login: {
    title: 'Жүйеге кіру',
    methods: 'Кіру тәсілі',
    byPassword: 'Құпиясөзбен',
    byCode: 'Кодпен',
    submit: 'Кіру',
    register: 'Тіркелу',
    forgot: 'Құпиясөзді ұмыттыңыз ба?',
    codeInstead: 'Бір реттік кодпен кіру',
  },
  registration: {
    title: 'Тіркелу',
    steps: 'Тіркелу қадамдары',
    stepContact: 'Пошта немесе телефон',
    stepCode: 'Растау',
    stepDetails: 'Деректер',
    submit: 'Тіркелгі жасау',
    haveAccount: 'Тіркелгіңіз бар ма? Кіру',
  },
  recovery: {
    title: 'Құпиясөзді қалпына келтіру',
    intro: 'Тіркелгіңіздің поштасын немесе телефонын енгізіңіз, біз растау кодын жібереміз.',
    submit: 'Құпиясөзді сақтау',
    backToLogin: 'Кіруге оралу',
  },
  dialog: { close: 'Жабу' },
  errors: {
    REQUIRED: 'Осы өрісті толтырыңыз',
    PASSWORDS_DIFFER: 'Құпиясөздер сәйкес келмейді',
    NAME_TOO_LONG: `${PERSON_NAME_MAX} таңбадан аспауы керек`,
    AVATAR_TOO_LARGE: `Сурет көлемі ${AVATAR_MB} МБ-тан аспауы керек`,
  },
};

/** Texts of the `authForms` namespace (login, code, registration, recovery forms and the auth dialog). */
export const authFormTexts = {
  kk,
  ru: {
    loginLabel: 'E-mail или телефон',
    loginHint: `Например: name@example.kz или ${EXAMPLE_PHONE}`,
    passwordLabel: 'Пароль',
    passwordHint: 'Не менее {{min}} символов',
    newPasswordLabel: 'Новый пароль',
    repeatPasswordLabel: 'Повторите пароль',
    showPassword: 'Показать пароль',
    firstnameLabel: 'Имя',
    lastnameLabel: 'Фамилия',
    busy: 'Подождите…',
    next: 'Продолжить',
    back: 'Назад',
    sendCode: 'Отправить код',
    changeTarget: 'Изменить e-mail или телефон',
    code: {
      label: 'Код подтверждения',
      hint: 'Код из {{length}} цифр',
      sentTo: 'Код отправлен: {{target}}',
      resend: 'Отправить код повторно',
      resendIn: 'Отправить код повторно через {{time}}',
      resent: 'Новый код отправлен',
    },
    login: {
      title: 'Вход в систему',
      methods: 'Способ входа',
      byPassword: 'По паролю',
      byCode: 'По коду',
      submit: 'Войти',
      register: 'Регистрация',
      forgot: 'Забыли пароль?',
      codeInstead: 'Войти по одноразовому коду',
    },
    registration: {
      title: 'Регистрация',
      steps: 'Шаги регистрации',
      stepContact: 'E-mail или телефон',
      stepCode: 'Подтверждение',
      stepDetails: 'Данные',
      submit: 'Создать учётную запись',
      haveAccount: 'Уже есть учётная запись? Войти',
    },
    recovery: {
      title: 'Восстановление пароля',
      intro: 'Введите e-mail или телефон учётной записи, и мы отправим код подтверждения.',
      submit: 'Сохранить пароль',
      backToLogin: 'Вернуться ко входу',
    },
    dialog: { close: 'Закрыть' },
    errors: {
      REQUIRED: 'Заполните это поле',
      PASSWORDS_DIFFER: 'Пароли не совпадают',
      NAME_TOO_LONG: `Не более ${PERSON_NAME_MAX} символов`,
      AVATAR_TOO_LARGE: `Размер изображения не должен превышать ${AVATAR_MB} МБ`,
    },
  },
  en: {
    loginLabel: 'E-mail or phone',
    loginHint: `For example: name@example.kz or ${EXAMPLE_PHONE}`,
    passwordLabel: 'Password',
    passwordHint: 'At least {{min}} characters',
    newPasswordLabel: 'New password',
    repeatPasswordLabel: 'Repeat the password',
    showPassword: 'Show password',
    firstnameLabel: 'First name',
    lastnameLabel: 'Last name',
    busy: 'Please wait…',
    next: 'Continue',
    back: 'Back',
    sendCode: 'Send code',
    changeTarget: 'Change e-mail or phone',
    code: {
      label: 'Confirmation code',
      hint: 'The {{length}}-digit code',
      sentTo: 'Code sent to {{target}}',
      resend: 'Send the code again',
      resendIn: 'Send the code again in {{time}}',
      resent: 'A new code has been sent',
    },
    login: {
      title: 'Log in',
      methods: 'Login method',
      byPassword: 'Password',
      byCode: 'Code',
      submit: 'Log in',
      register: 'Register',
      forgot: 'Forgot password?',
      codeInstead: 'Log in with a one-time code instead',
    },
    registration: {
      title: 'Registration',
      steps: 'Registration steps',
      stepContact: 'E-mail or phone',
      stepCode: 'Confirmation',
      stepDetails: 'Your details',
      submit: 'Create account',
      haveAccount: 'Already have an account? Log in',
    },
    recovery: {
      title: 'Password recovery',
      intro: 'Enter the e-mail or phone of your account and we will send a confirmation code.',
      submit: 'Save the password',
      backToLogin: 'Back to login',
    },
    dialog: { close: 'Close' },
    errors: {
      REQUIRED: 'Fill in this field',
      PASSWORDS_DIFFER: 'The passwords do not match',
      NAME_TOO_LONG: `At most ${PERSON_NAME_MAX} characters`,
      AVATAR_TOO_LARGE: `The image must not exceed ${AVATAR_MB} MB`,
    },
  },
} satisfies Translations<typeof kk>;

/** The i18n namespace of the auth forms. */
export const AUTH_FORMS_NS = 'authForms';

/** Form-level error codes that are not in core's catalogue (their texts live in `authForms:errors`). */
export type LocalErrorCode = keyof typeof kk.errors;

/** Every {@link LocalErrorCode}. */
export const LOCAL_ERROR_CODES = Object.keys(kk.errors) as LocalErrorCode[];

let registered = false;

/**
 * The translate function of the `authForms` namespace in `lang`. Registers the texts on first use: a
 * top-level registration could be dropped by tree-shaking when only constants of this module are used.
 */
export function authFormsT(lang: Lang): TranslateFn {
  if (!registered) {
    addTranslations(AUTH_FORMS_NS, authFormTexts);
    registered = true;
  }
  return getT(AUTH_FORMS_NS, lang);
}

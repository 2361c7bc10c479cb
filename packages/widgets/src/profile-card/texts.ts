import { AVATAR_MAX_BYTES, type Lang } from '@qoltanba/core';
import { addTranslations, getT, type TranslateFn, type Translations } from '@qoltanba/sdk';

const AVATAR_MB = AVATAR_MAX_BYTES / (1024 * 1024);

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  title: 'Профиль',
  loading: 'Профиль жүктелуде…',
  avatarAlt: 'Профиль суреті',
  changePhoto: 'Суретті өзгерту',
  photoHint: `PNG, JPEG немесе WebP, ${AVATAR_MB} МБ-қа дейін`,
  uploading: 'Жүктелуде…',
  photoUpdated: 'Сурет жаңартылды',
  firstname: 'Аты',
  lastname: 'Тегі',
  email: 'Электрондық пошта',
  editNames: 'Аты-жөнін өзгерту',
  save: 'Сақтау',
  cancel: 'Болдырмау',
  saved: 'Өзгерістер сақталды',
  language: 'Интерфейс тілі',
};

/** Texts of the `profileCard` namespace. */
export const profileCardTexts = {
  kk,
  ru: {
    title: 'Профиль',
    loading: 'Профиль загружается…',
    avatarAlt: 'Фото профиля',
    changePhoto: 'Изменить фото',
    photoHint: `PNG, JPEG или WebP, до ${AVATAR_MB} МБ`,
    uploading: 'Загрузка…',
    photoUpdated: 'Фото обновлено',
    firstname: 'Имя',
    lastname: 'Фамилия',
    email: 'E-mail',
    editNames: 'Изменить имя',
    save: 'Сохранить',
    cancel: 'Отмена',
    saved: 'Изменения сохранены',
    language: 'Язык интерфейса',
  },
  en: {
    title: 'Profile',
    loading: 'Loading the profile…',
    avatarAlt: 'Profile photo',
    changePhoto: 'Change photo',
    photoHint: `PNG, JPEG or WebP, up to ${AVATAR_MB} MB`,
    uploading: 'Uploading…',
    photoUpdated: 'Photo updated',
    firstname: 'First name',
    lastname: 'Last name',
    email: 'E-mail',
    editNames: 'Edit name',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Changes saved',
    language: 'Interface language',
  },
} satisfies Translations<typeof kk>;

/** The i18n namespace of the profile card. */
export const PROFILE_CARD_NS = 'profileCard';

let registered = false;

/** The translate function of the `profileCard` namespace in `lang`; registers the texts on first use. */
export function profileCardT(lang: Lang): TranslateFn {
  if (!registered) {
    addTranslations(PROFILE_CARD_NS, profileCardTexts);
    registered = true;
  }
  return getT(PROFILE_CARD_NS, lang);
}

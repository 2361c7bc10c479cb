export { commonTranslations } from './common';
export { errorTextOf } from './errorText';
export { addTranslations, getT, i18n, translateError } from './i18n';
export type { TranslateFn, Translations } from './types';

export { $locale, initLocale, LANG_COOKIE, setLocale } from './locale';

export { $locale, initLocale, setLocale } from './locale';

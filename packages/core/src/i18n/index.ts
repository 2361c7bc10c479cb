export {
  DEFAULT_LANG,
  isLang,
  LANGS,
  type Lang,
  langFromAcceptLanguage,
  normalizeLang,
  resolveLang,
} from './lang';

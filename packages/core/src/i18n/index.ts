export {
  DEFAULT_LANG,
  isLang,
  LANGS,
  type Lang,
  langFromAcceptLanguage,
  normalizeLang,
  resolveLang,
} from './lang';
export {
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  type LangTexts,
  OVERALL_VERDICT_TEXTS,
  SIGNATURE_PACKAGING_TEXTS,
  SIGNATURE_TYPE_TEXTS,
  SIGNER_ROLE_TEXTS,
  VERIFICATION_REPORT_FILE_NAMES,
} from './verification-texts';

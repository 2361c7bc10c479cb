// Internal building blocks of the document widgets; not part of the package's public entry.

export * from './common.css';
export { defineTexts, type TextKey, type TypedT } from './define-texts';
export {
  codeOfFailure,
  codeText,
  type FieldProblem,
  formatDate,
  formatDateTime,
  formatDaysLeft,
  formatFileSize,
  localeTag,
  partyName,
  problemOfIssue,
  problemText,
} from './format';
export { LangContext, useLang } from './lang';
export { StateView, type StateViewProps } from './StateView';
export { SignerStateBadge, StatusBadge } from './StatusBadge';
export { DOCUMENTS_NS, documentsT, documentsTexts } from './texts';

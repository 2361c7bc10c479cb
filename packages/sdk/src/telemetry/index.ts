export type { ErrorReport, ErrorReportingOptions } from './errorReporting';
export { initErrorReporting, reportError } from './errorReporting';

/**
 * @qoltanba/sdk: the browser and node client of Qoltanba. API clients (plain and authenticated), stores
 * (session, profile, companies, locale, snackbars, mobile-app context), i18n, cookies, navigation
 * tracking, query policy and error reporting; documents, folders and counterparties of the acting company.
 */
export * from './api';
export * from './auth';
export * from './company';
export * from './cookies';
export * from './counterparties';
export * from './documents';
export * from './folders';
export * from './i18n';
export * from './locale';
export * from './navigation';
export * from './platform';
export * from './profile';
export * from './query';
export * from './session';
export * from './snackbar';
export * from './telemetry';

/**
 * @qoltanba/core: the domain rules and API contract shared by server, sdk and widgets.
 * Pure functions, constants and zod schemas; no I/O.
 */
export * from './api/index';
export * from './company/index';
export * from './contact/index';
export * from './documents/index';
export * from './errors/index';
export * from './i18n/index';
export * from './identity/index';
export * from './limits';
export * from './schemas/index';
export * from './tariff/index';

export {
  type AuthTokens,
  authTokensSchema,
  type CodeSent,
  type CompleteRegistrationRequest,
  codeSentSchema,
  completeRegistrationRequestSchema,
  type LoginRequest,
  loginRequestSchema,
  type Profile,
  type ProfileUpdateRequest,
  profileSchema,
  profileUpdateRequestSchema,
  type RecoveryChangeRequest,
  type RegistrationTicket,
  recoveryChangeRequestSchema,
  recoverySendRequestSchema,
  refreshRequestSchema,
  registrationTicketSchema,
  sendEmailCodeRequestSchema,
  sendSmsCodeRequestSchema,
  verifyEmailCodeRequestSchema,
  verifySmsCodeRequestSchema,
} from './account';
export {
  type ErrorResponse,
  errorResponseSchema,
  type Health,
  healthSchema,
  type Readiness,
  readinessSchema,
} from './api';
export {
  type PaymentInvoiceRequest,
  paymentInvoiceRequestSchema,
  type TariffShortInfo,
  tariffShortInfoSchema,
} from './billing';
export {
  type AttachByIinRequest,
  attachByIinConfirmRequestSchema,
  attachByIinRequestSchema,
  type Company,
  companySchema,
  PARTY_KINDS,
  type PartyKind,
  type RegistryEntry,
  registryEntrySchema,
} from './company';
export { codeSchema, emailSchema, loginTargetSchema, personNameSchema, phoneSchema } from './contact-fields';
export {
  documentNameSchema,
  type IdentityNumberSchemaOptions,
  identityNumberSchema,
  langSchema,
  newPasswordSchema,
  rejectCommentSchema,
} from './fields';
export {
  hasControlCharacters,
  hasUnstorableCharacters,
  multiLineTextSchema,
  singleLineTextSchema,
} from './text';

export { checkDigit } from './check-digit';
export {
  type IdentityKind,
  type IdentityOptions,
  type IdentityRejection,
  type IdentityValidation,
  identityKind,
  isValidBin,
  isValidIin,
  NCA_TEST_IDENTITY_NUMBERS,
  validateIdentityNumber,
} from './identity-number';

import { z } from 'zod';
import { PASSWORD_MAX } from '../limits';
import { codeSchema, emailSchema, loginTargetSchema, personNameSchema, phoneSchema } from './contact-fields';
import { langSchema, newPasswordSchema } from './fields';
import { singleLineTextSchema } from './text';

/** Token response of login, one-time-code verification, recovery and refresh (SPEC section 3). */
export const authTokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive().meta({ description: 'Access token lifetime in seconds.' }),
});

/**
 * `POST account-recovery-api.bpmn/auth/login`. `login` is an e-mail or a phone number; the password
 * is only bounded here (the length rules apply when it is set, see `newPasswordSchema`).
 */
export const loginRequestSchema = z.object({
  lang: langSchema,
  login: singleLineTextSchema.trim().min(1, { error: 'INVALID_LOGIN' }).max(254, { error: 'INVALID_LOGIN' }),
  password: z.string().min(1, { error: 'INVALID_PASSWORD' }).max(PASSWORD_MAX, { error: 'INVALID_PASSWORD' }),
});

/** `GET profile-api.bpmn/api/v1/profile/user` (SPEC section 3). */
export const profileSchema = z.object({
  email: z.string(),
  lastname: z.string(),
  firstname: z.string(),
  lang: langSchema,
});

/** See {@link authTokensSchema}. */
export type AuthTokens = z.infer<typeof authTokensSchema>;
/** See {@link loginRequestSchema}. */
export type LoginRequest = z.infer<typeof loginRequestSchema>;
/** See {@link profileSchema}. */
export type Profile = z.infer<typeof profileSchema>;

/** `sendCode/:purpose/email` body (ours): where to send a registration or login code. */
export const sendEmailCodeRequestSchema = z.object({ email: emailSchema, lang: langSchema });
/** `sendCode/:purpose/sms` body (ours). */
export const sendSmsCodeRequestSchema = z.object({ phoneNumber: phoneSchema, lang: langSchema });
/** Answer to every "send a code" call: when a new code may be asked for, and when this one expires. */
export const codeSentSchema = z.object({
  resendAfterSeconds: z.number().int().nonnegative(),
  expiresInSeconds: z.number().int().positive(),
});

/** `verifyCode/:purpose/email` body (SPEC section 7: email, code, lang). */
export const verifyEmailCodeRequestSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  lang: langSchema,
});
/** `verifyCode/:purpose/sms` body (SPEC section 7: phoneNumber, code, lang). */
export const verifySmsCodeRequestSchema = z.object({
  phoneNumber: phoneSchema,
  code: codeSchema,
  lang: langSchema,
});

/** Answer of `verifyCode/registration/*`: a short-lived ticket that proves the e-mail or phone. */
export const registrationTicketSchema = z.object({
  registrationToken: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/** `registration/complete` body (ours): the password and name that finish a registration. */
export const completeRegistrationRequestSchema = z.object({
  registrationToken: z.string().min(1).max(512),
  password: newPasswordSchema,
  firstname: personNameSchema,
  lastname: personNameSchema,
  lang: langSchema,
});

/** `auth/login/recovery/send` body (ours). */
export const recoverySendRequestSchema = z.object({ target: loginTargetSchema, lang: langSchema });
/** `auth/login/recovery/verify/change` body (SPEC section 7). */
export const recoveryChangeRequestSchema = z.object({
  target: loginTargetSchema,
  code: codeSchema,
  lang: langSchema,
  newPassword: newPasswordSchema,
});

/** `auth/login/refresh/token` body; may be empty when the refresh token comes as the bearer. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512).optional() });

/** `PUT profile/user` body (ours). */
export const profileUpdateRequestSchema = z.object({
  firstname: personNameSchema,
  lastname: personNameSchema,
});

/** See {@link codeSentSchema}. */
export type CodeSent = z.infer<typeof codeSentSchema>;
/** See {@link registrationTicketSchema}. */
export type RegistrationTicket = z.infer<typeof registrationTicketSchema>;
/** See {@link completeRegistrationRequestSchema}. */
export type CompleteRegistrationRequest = z.infer<typeof completeRegistrationRequestSchema>;
/** See {@link recoveryChangeRequestSchema}. */
export type RecoveryChangeRequest = z.infer<typeof recoveryChangeRequestSchema>;
/** See {@link profileUpdateRequestSchema}. */
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

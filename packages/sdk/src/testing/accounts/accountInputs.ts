import {
  attachByIinConfirmRequestSchema,
  attachByIinRequestSchema,
  completeRegistrationRequestSchema,
  type ErrorCode,
  langSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  recoveryChangeRequestSchema,
  recoverySendRequestSchema,
  refreshRequestSchema,
  sendEmailCodeRequestSchema,
  sendSmsCodeRequestSchema,
  verifyEmailCodeRequestSchema,
  verifySmsCodeRequestSchema,
} from '@qoltanba/core';
import { type FakeHandler, type Parser, parseInput } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';

// The account, profile and companies routes check their input before their handler runs, as the server's route
// helper does with the schemas each route declares (core's).

/** A parser of path parameters, for the few the server checks with schemas of its own. */
function paramParser(check: (params: Record<string, string>) => ErrorCode | undefined): Parser<unknown> {
  return {
    safeParse(value) {
      const code = check(value as Record<string, string>);
      return code === undefined
        ? { success: true, data: value }
        : { success: false, error: { issues: [{ message: code }] } };
    },
  };
}

/** Input schemas of the account, profile and companies routes, as the server declares them (core's). */
const ROUTE_INPUTS: Partial<Record<FakeOperationId, { params?: Parser<unknown>; body?: Parser<unknown> }>> =
  (() => {
    const purpose = paramParser(({ purpose }) =>
      purpose === 'registration' || purpose === 'otp' ? undefined : 'VALIDATION_FAILED',
    );
    const twelveDigits = (name: string) =>
      paramParser((params) => (/^\d{12}$/.test(params[name] ?? '') ? undefined : 'IDENTITY_NUMBER_INVALID'));
    return {
      login: { body: loginRequestSchema },
      sendEmailCode: { params: purpose, body: sendEmailCodeRequestSchema },
      sendSmsCode: { params: purpose, body: sendSmsCodeRequestSchema },
      verifyEmailRegistrationCode: { body: verifyEmailCodeRequestSchema },
      verifySmsRegistrationCode: { body: verifySmsCodeRequestSchema },
      loginWithEmailCode: { body: verifyEmailCodeRequestSchema },
      loginWithSmsCode: { body: verifySmsCodeRequestSchema },
      completeRegistration: { body: completeRegistrationRequestSchema },
      recoverySendCode: { body: recoverySendRequestSchema },
      recoveryChange: { body: recoveryChangeRequestSchema },
      refreshToken: { body: refreshRequestSchema.optional() },
      updateProfile: { body: profileUpdateRequestSchema.extend({ lang: langSchema.optional() }) },
      setLocale: {
        params: paramParser(({ locale }) =>
          langSchema.safeParse(locale).success ? undefined : 'VALIDATION_FAILED',
        ),
      },
      setMainCompany: { params: twelveDigits('bin') },
      attachByIin: { body: attachByIinRequestSchema },
      confirmAttachByIin: { body: attachByIinConfirmRequestSchema },
      lookupRegistry: { params: twelveDigits('identityNumber') },
    };
  })();

/** The handlers, each with its input validated first (and its body then as the schema parsed it). */
export function withCheckedInputs(
  handlers: Partial<Record<FakeOperationId, FakeHandler>>,
): Partial<Record<FakeOperationId, FakeHandler>> {
  const checked: Partial<Record<FakeOperationId, FakeHandler>> = {};
  for (const [operationId, unchecked] of Object.entries(handlers) as Array<[FakeOperationId, FakeHandler]>) {
    const input = ROUTE_INPUTS[operationId];
    checked[operationId] = (context) => {
      if (input?.params) parseInput(input.params, context.params);
      if (!input?.body) return unchecked(context);
      const body = parseInput(input.body, context.rawBody);
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      return unchecked({ ...context, body: record, rawBody: body });
    };
  }
  return checked;
}

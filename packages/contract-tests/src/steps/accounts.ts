import {
  ACCOUNT_PATHS,
  apiPath,
  authTokensSchema,
  codeSentSchema,
  companySchema,
  LOGIN_MAX_FAILURES,
  PROFILE_PATHS,
  profileSchema,
  registrationTicketSchema,
  registryEntrySchema,
} from '@qoltanba/core';
import { PARTIES } from '../sides';
import { A_BIN, EMAIL, ok, PASSWORD, refused, type Step, type User } from '../table-support';

/** Registration of one user by e-mail, through the dev flows of both sides (the code from where each sends it). */
function registration(user: User): Step[] {
  const email = EMAIL[user];
  return [
    {
      name: `user ${user.toUpperCase()}: registration code by e-mail`,
      request: () => ({
        method: 'POST',
        path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel: 'email' }),
        json: { email, lang: 'ru' },
      }),
      expect: ok(codeSentSchema),
    },
    {
      name: `user ${user.toUpperCase()}: the code gives a registration ticket`,
      request: async (_context, side) => ({
        method: 'POST',
        path: apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'registration', channel: 'email' }),
        json: { email, code: await side.latestCode(email), lang: 'ru' },
      }),
      expect: ok(registrationTicketSchema),
      keep: (context, body: { registrationToken: string }) => {
        context.values[`ticket-${user}`] = body.registrationToken;
      },
    },
    {
      name: `user ${user.toUpperCase()}: registration completes with tokens`,
      request: (context) => ({
        method: 'POST',
        path: ACCOUNT_PATHS.completeRegistration,
        json: {
          registrationToken: context.values[`ticket-${user}`],
          password: PASSWORD,
          firstname: 'Айгерим',
          lastname: 'Бекова',
          lang: 'ru',
        },
      }),
      expect: ok(authTokensSchema),
      keep: (context, body: { access_token: string }) => {
        context.tokens[user] = body.access_token;
      },
    },
  ];
}

/** Attaching the user's company by IIN, with the SMS code the phone linked to it receives. */
function attach(user: User, attached: typeof PARTIES.individual | typeof PARTIES.soleProprietor): Step[] {
  const iin = attached.entry.bin;
  const phoneNumber = attached.phone ?? '';
  return [
    {
      name: `user ${user.toUpperCase()}: attaching ${attached.entry.kind} ${iin} sends an SMS code`,
      request: () => ({
        method: 'POST',
        path: PROFILE_PATHS.attachByIin,
        as: user,
        json: { iin, phoneNumber, lang: 'ru' },
      }),
      expect: ok(codeSentSchema),
    },
    {
      name: `user ${user.toUpperCase()}: the SMS code attaches it`,
      request: async (_context, side) => ({
        method: 'POST',
        path: PROFILE_PATHS.attachByIinConfirm,
        as: user,
        json: { iin, phoneNumber, code: await side.latestCode(phoneNumber) },
      }),
      expect: ok(companySchema.array()),
      same: (companies: { bin: string; isMainCompany: boolean }[]) =>
        companies.map((entry) => [entry.bin, entry.isMainCompany]),
    },
  ];
}

/** Two users registered, each with a company attached (the setup every later step relies on). */
export const accountSteps: Step[] = [
  // ----- accounts -----
  ...registration('a'),
  ...registration('b'),
  {
    name: 'registration of a taken e-mail is refused',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel: 'email' }),
      json: { email: EMAIL.a, lang: 'ru' },
    }),
    expect: refused('EMAIL_TAKEN'),
  },
  {
    name: 'login with the password',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: EMAIL.a, password: PASSWORD, lang: 'ru' },
    }),
    expect: ok(authTokensSchema),
  },
  {
    name: 'login with a wrong password',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: EMAIL.a, password: 'wrong-horse', lang: 'ru' },
    }),
    expect: refused('INVALID_PASSWORD'),
  },
  {
    name: 'login of an unknown account',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: 'nobody@example.kz', password: PASSWORD, lang: 'ru' },
    }),
    expect: refused('ACCOUNT_NOT_FOUND'),
  },
  {
    name: 'a code to an e-mail address that is not one',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel: 'email' }),
      json: { email: 'not-an-email', lang: 'ru' },
    }),
    expect: refused('INVALID_EMAIL'),
  },
  {
    name: 'a code for a purpose there is not',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'welcome', channel: 'email' }),
      json: { email: 'someone@example.kz', lang: 'ru' },
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'a login code of the wrong shape',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: 'email' }),
      json: { email: EMAIL.a, code: '12', lang: 'ru' },
    }),
    expect: refused('INVALID_CODE'),
  },
  {
    name: 'login with something that is neither e-mail nor phone',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: 'just-a-name', password: PASSWORD, lang: 'ru' },
    }),
    expect: refused('INVALID_LOGIN'),
  },
  {
    name: 'a language there is not',
    request: () => ({ method: 'POST', path: apiPath(PROFILE_PATHS.setLocale, { locale: 'fr' }), as: 'a' }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'the profile of the signed-in user',
    request: () => ({ method: 'GET', path: PROFILE_PATHS.user, as: 'a' }),
    expect: ok(profileSchema),
    same: (profile: { email: string; firstname: string }) => [profile.email, profile.firstname],
  },
  {
    name: 'the profile without a token',
    request: () => ({ method: 'GET', path: PROFILE_PATHS.user }),
    expect: refused('UNAUTHORIZED', 401),
  },

  // The lockout of one client (these requests all come from one address): blocked after 5 wrong passwords, while
  // login by code stays open (the server blocks only that client; the fake plays the one client it has).
  ...Array.from(
    { length: LOGIN_MAX_FAILURES },
    (_, i): Step => ({
      name: `user B: wrong password ${i + 1} of ${LOGIN_MAX_FAILURES}`,
      request: () => ({
        method: 'POST',
        path: ACCOUNT_PATHS.login,
        json: { login: EMAIL.b, password: 'wrong-horse', lang: 'ru' },
      }),
      expect: refused(i + 1 < LOGIN_MAX_FAILURES ? 'INVALID_PASSWORD' : 'ACCOUNT_BLOCKED'),
    }),
  ),
  {
    name: 'user B: while blocked, even the right password is refused',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: EMAIL.b, password: PASSWORD, lang: 'ru' },
    }),
    expect: refused('ACCOUNT_BLOCKED'),
  },
  {
    name: 'user B: a login code by e-mail still reaches the owner',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'otp', channel: 'email' }),
      json: { email: EMAIL.b, lang: 'ru' },
    }),
    expect: ok(codeSentSchema),
  },
  {
    name: 'user B: and logs in while password login is blocked',
    request: async (_context, side) => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: 'email' }),
      json: { email: EMAIL.b, code: await side.latestCode(EMAIL.b), lang: 'ru' },
    }),
    expect: ok(authTokensSchema),
  },

  // ----- companies -----
  {
    name: 'a new user has no companies',
    request: () => ({ method: 'GET', path: PROFILE_PATHS.companies, as: 'a' }),
    expect: ok(companySchema.array()),
    same: (companies: unknown[]) => companies.length,
  },
  {
    name: 'a legal entity cannot be attached by IIN',
    request: () => ({
      method: 'POST',
      path: PROFILE_PATHS.attachByIin,
      as: 'a',
      json: { iin: PARTIES.legal.entry.bin, phoneNumber: '+77027654321', lang: 'ru' },
    }),
    expect: refused('ATTACH_BY_IIN_ONLY_INDIVIDUALS'),
  },
  {
    name: 'attaching with a phone that is not the one linked to the IIN',
    request: () => ({
      method: 'POST',
      path: PROFILE_PATHS.attachByIin,
      as: 'a',
      json: { iin: A_BIN, phoneNumber: '+77070000000', lang: 'ru' },
    }),
    expect: refused('PHONE_MISMATCH'),
  },
  ...attach('a', PARTIES.individual),
  ...attach('b', PARTIES.soleProprietor),
  {
    name: 'the register record of an attached IIN',
    request: () => ({
      method: 'GET',
      path: apiPath(PROFILE_PATHS.registryLookup, { identityNumber: A_BIN }),
      as: 'a',
    }),
    expect: ok(registryEntrySchema),
    same: (entry: { bin: string; kind: string }) => [entry.bin, entry.kind],
  },
];

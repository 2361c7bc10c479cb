import {
  ACCESS_TOKEN_SECONDS,
  type AuthTokens,
  attachByIinConfirmRequestSchema,
  attachByIinRequestSchema,
  type Company,
  completeRegistrationRequestSchema,
  type ErrorCode,
  type Lang,
  type LoginTarget,
  langSchema,
  loginRequestSchema,
  normalizeKzPhone,
  parseLoginTarget,
  profileUpdateRequestSchema,
  type RegistryEntry,
  recoveryChangeRequestSchema,
  recoverySendRequestSchema,
  refreshRequestSchema,
  type SigningConfig,
  sendEmailCodeRequestSchema,
  sendSmsCodeRequestSchema,
  validateIdentityNumber,
  verifyEmailCodeRequestSchema,
  verifySmsCodeRequestSchema,
} from '@qoltanba/core';
import { createFakeDocuments } from './fakeDocuments';
import { createFakeEvidence } from './fakeEvidence';
import { createFakeExternalLinks } from './fakeExternalLinks';
import {
  compile,
  type FakeAccount,
  type FakeHandler,
  FakeRefusal,
  failure,
  hasUnstorableText,
  json,
  noContent,
  type Parser,
  parseInput,
} from './fakeHttp';
import { createFakePartner } from './fakePartner';
import { FAKE_ROUTES, type FakeOperationId } from './fakeRoutes';
import { createFakeSigning } from './fakeSigning';
import { createFakeSupport } from './fakeSupport';
import { createFakeVerification } from './fakeVerification';

export {
  detectFormat,
  FAKE_CONVERTED_PDF,
  type FakeDocumentRecord,
  pdfFile,
  textFile,
} from './fakeDocuments';
export { type FakeAccount, type FakeContext, type FakeHandler, failure, json } from './fakeHttp';
export { FAKE_ROUTES, type FakeOperationId, type FakeRoute } from './fakeRoutes';
export {
  FAKE_LINK_TTL_MS,
  FAKE_QR_TTL_MS,
  FAKE_TEST_BIN,
  type FakeEventSource,
  type FakeQrSession,
  type FakeSigningLink,
  fakeCms,
} from './fakeSigning';

// Plays the server's part of the core API contract in memory, for tests (`@qoltanba/sdk/testing`). Error codes
// and statuses follow packages/server/src/modules; the contract test (contract-tests/) runs a shared table of
// requests against this fake and the real server, and compares FAKE_ROUTES with the server's OpenAPI document.

/** Base URL the fake answers on. */
export const FAKE_BASE_URL = 'http://qoltanba.test';
/** The one code the fake accepts. */
export const FAKE_CODE = '123456';

/** One request the fake received. */
export interface FakeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
  authenticated: boolean;
}

/** A party of the fake statistics register and, for people, the phone the state database links to it. */
export interface FakeRegisterParty {
  entry: RegistryEntry;
  phone?: string;
}

/** The fake statistics register: two legal entities and one sole proprietor (`FAKE_IIN`). */
export const FAKE_REGISTER: readonly FakeRegisterParty[] = [
  {
    entry: {
      bin: '990340005977',
      kind: 'legal',
      nameRu: 'ТОО Альфа',
      nameKk: null,
      shortNameRu: null,
      shortNameKk: null,
    },
  },
  {
    entry: {
      bin: '020540003431',
      kind: 'legal',
      nameRu: 'АО Бета',
      nameKk: null,
      shortNameRu: null,
      shortNameKk: null,
    },
  },
  {
    entry: {
      bin: '870412300416',
      kind: 'sole_proprietor',
      nameRu: 'ИП Бекова',
      nameKk: 'ЖК Бекова',
      shortNameRu: null,
      shortNameKk: null,
    },
    phone: '+77012345678',
  },
];

/** The sole proprietor's IIN in {@link FAKE_REGISTER}; its linked phone is the default account's. */
export const FAKE_IIN = '870412300416';

/** A company of the context list, for fixtures. */
export function company(bin: string, name: string, isMainCompany = false): Company {
  return { bin, nameRu: name, shortNameRu: null, isMainCompany };
}

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

/** Options of {@link createFakeServer}. */
export interface FakeServerOptions {
  /** The fake's clock for stored timestamps; the system clock by default. */
  now?: () => Date;
  /** The statistics register (registry lookups, attaching by IIN); {@link FAKE_REGISTER} by default. */
  register?: readonly FakeRegisterParty[];
  /** The signing config the fake answers; NCALayer at its default address and no test signer by default. */
  signingConfig?: SigningConfig;
  /**
   * Access tokens shaped like the server's JWTs, naming their user in `sub` (what `client.userId()` reads), instead
   * of `access-<n>`. Never checked for a signature.
   */
  jwtAccessTokens?: boolean;
}

/**
 * Creates a fake server with one account (`aigerim@example.kz` / `+77012345678`, password `correct-horse`,
 * companies ТОО Альфа and АО Бета, the main one). Its `fetch` answers every route of {@link FAKE_ROUTES}.
 */
export function createFakeServer(options: FakeServerOptions = {}) {
  const register = options.register ?? FAKE_REGISTER;
  const calls: FakeCall[] = [];
  const accessTokens = new Map<string, FakeAccount>();
  const refreshTokens = new Map<string, FakeAccount>();
  const registrations = new Map<string, { email?: string; phone?: string }>();
  let issued = 0;
  const account: FakeAccount = {
    userId: 'user-1',
    email: 'aigerim@example.kz',
    phone: '+77012345678',
    password: 'correct-horse',
    profile: { email: 'aigerim@example.kz', firstname: 'Aigerim', lastname: 'Bekova', lang: 'kk' },
    companies: [company('990340005977', 'ТОО Альфа'), company('020540003431', 'АО Бета', true)],
  };
  const accounts: FakeAccount[] = [account];
  const overrides: Route[] = [];

  const issue = (owner: FakeAccount): AuthTokens => {
    issued += 1;
    const tokens = {
      access_token: options.jwtAccessTokens ? fakeJwt(owner.userId, issued) : `access-${issued}`,
      refresh_token: `refresh-${issued}`,
      expires_in: ACCESS_TOKEN_SECONDS,
    };
    accessTokens.set(tokens.access_token, owner);
    refreshTokens.set(tokens.refresh_token, owner);
    return tokens;
  };
  const findAccount = (target: LoginTarget) =>
    accounts.find((candidate) =>
      target.kind === 'email' ? candidate.email === target.value : candidate.phone === target.value,
    );
  const codeSent = () => json(200, { resendAfterSeconds: 60, expiresInSeconds: 600 });
  /** The contact of a send/verify body: `email` or `phoneNumber`, as the server's `contactOf`. */
  const contactOf = (body: Record<string, unknown>): LoginTarget | undefined =>
    parseLoginTarget(String(body.email ?? body.phoneNumber ?? ''));
  /** The register record of an IIN that may be attached by IIN, else the server's error code. */
  const attachable = (iin: string): FakeRegisterParty | ErrorCode => {
    const validation = validateIdentityNumber(iin);
    if (!validation.ok) return 'IDENTITY_NUMBER_INVALID';
    if (validation.kind === 'BIN') return 'ATTACH_BY_IIN_ONLY_INDIVIDUALS';
    const party = register.find((candidate) => candidate.entry.bin === iin);
    if (!party) return 'IIN_NOT_IN_REGISTER';
    return party.entry.kind === 'legal' ? 'ATTACH_BY_IIN_ONLY_INDIVIDUALS' : party;
  };
  const linkedPhoneMatches = (iin: string, phoneNumber: unknown) => {
    const linked = register.find((candidate) => candidate.entry.bin === iin)?.phone;
    return linked !== undefined && normalizeKzPhone(String(phoneNumber)) === linked;
  };

  const played = new Map<FakeOperationId, Route>();
  /** Plays one operation of FAKE_ROUTES; its input is validated first, as the server's route helper does. */
  const play = (operationId: FakeOperationId, unchecked: FakeHandler) => {
    const input = ROUTE_INPUTS[operationId];
    const handler: FakeHandler = (context) => {
      if (input?.params) parseInput(input.params, context.params);
      if (!input?.body) return unchecked(context);
      const body = parseInput(input.body, context.rawBody);
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      return unchecked({ ...context, body: record, rawBody: body });
    };
    const route = FAKE_ROUTES.find((candidate) => candidate.operationId === operationId);
    if (!route) throw new Error(`fake server: ${operationId} is not in FAKE_ROUTES`);
    const fixed: Readonly<Record<string, string>> = 'fixed' in route ? route.fixed : {};
    played.set(operationId, {
      method: route.method,
      ...compile(route.path),
      handler: (context) => handler({ ...context, params: { ...context.params, ...fixed } }),
      authenticated: route.authenticated,
    });
  };
  /**
   * Answers `method template` with `handler` instead of the default (tests that need a particular answer).
   * Later registrations win. Authenticated as the route of FAKE_ROUTES with that method and path.
   */
  const on = (
    method: string,
    template: string,
    handler: FakeHandler,
    authenticated = FAKE_ROUTES.some(
      (route) => route.method === method && route.path === template && route.authenticated,
    ),
  ) => {
    overrides.unshift({ method, ...compile(template), handler, authenticated });
  };

  play('login', ({ body }) => {
    const target = parseLoginTarget(String(body.login));
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    if (owner.blockedUntil) return failure('ACCOUNT_BLOCKED', 423, `Blocked until ${owner.blockedUntil}`);
    if (owner.password !== body.password) return failure('INVALID_PASSWORD');
    return json(200, issue(owner));
  });
  const sendCode: FakeHandler = ({ params, body }) => {
    const target = contactOf(body);
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (params.purpose === 'registration' && owner) {
      return failure(target.kind === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN');
    }
    if (params.purpose === 'otp' && !owner) return failure('ACCOUNT_NOT_FOUND');
    return codeSent();
  };
  play('sendEmailCode', sendCode);
  play('sendSmsCode', sendCode);
  const verifyCode: FakeHandler = ({ params, body }) => {
    const target = contactOf(body);
    if (!target) return failure('INVALID_LOGIN');
    if (params.purpose === 'registration') {
      if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
      const registrationToken = `registration-${registrations.size + 1}`;
      registrations.set(
        registrationToken,
        target.kind === 'email' ? { email: target.value } : { phone: target.value },
      );
      return json(200, { registrationToken, expires_in: 600 });
    }
    // Login by code: the server looks the account up before it checks the code.
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    return body.code === FAKE_CODE ? json(200, issue(owner)) : failure('INVALID_CODE');
  };
  play('verifyEmailRegistrationCode', verifyCode);
  play('verifySmsRegistrationCode', verifyCode);
  play('loginWithEmailCode', verifyCode);
  play('loginWithSmsCode', verifyCode);
  play('completeRegistration', ({ body }) => {
    const contact = registrations.get(String(body.registrationToken));
    if (!contact) return failure('BAD_REQUEST');
    if (contact.email && findAccount({ kind: 'email', value: contact.email })) return failure('EMAIL_TAKEN');
    if (contact.phone && findAccount({ kind: 'phone', value: contact.phone })) return failure('PHONE_TAKEN');
    const email = contact.email ?? '';
    const created: FakeAccount = {
      userId: `user-${accounts.length + 1}`,
      email,
      phone: contact.phone ?? '',
      password: String(body.password),
      profile: {
        email,
        firstname: String(body.firstname),
        lastname: String(body.lastname),
        lang: body.lang as Lang,
      },
      companies: [],
    };
    accounts.push(created);
    return json(200, issue(created));
  });
  play('recoverySendCode', ({ body }) => {
    const target = parseLoginTarget(String(body.target));
    if (!target) return failure('INVALID_LOGIN');
    return findAccount(target) ? codeSent() : failure('ACCOUNT_NOT_FOUND');
  });
  play('recoveryChange', ({ body }) => {
    const target = parseLoginTarget(String(body.target));
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
    owner.password = String(body.newPassword);
    return json(200, issue(owner));
  });
  play('refreshToken', ({ body }) => {
    const token = String(body.refreshToken);
    const owner = refreshTokens.get(token);
    if (!owner) return failure('UNAUTHORIZED');
    refreshTokens.delete(token);
    return json(200, issue(owner));
  });
  // Authenticated like the server's: a refused or missing token answers 401.
  play('logout', ({ headers }) => {
    accessTokens.delete(headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
    return noContent();
  });
  play('getProfile', ({ account: owner }) => json(200, owner?.profile));
  play('updateProfile', ({ account: owner, body }) => {
    if (!owner) return failure('UNAUTHORIZED');
    owner.profile = { ...owner.profile, firstname: String(body.firstname), lastname: String(body.lastname) };
    return json(200, owner.profile);
  });
  play('setLocale', ({ account: owner, params }) => {
    if (owner) owner.profile = { ...owner.profile, lang: params.locale as Lang };
    return new Response(null, { status: 204 });
  });
  play('getAvatar', () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 }));
  play('putAvatar', () => new Response(null, { status: 204 }));
  play('listCompanies', ({ account: owner }) => json(200, owner?.companies));
  play('setMainCompany', ({ account: owner, params }) => {
    if (!owner) return failure('UNAUTHORIZED');
    if (!owner.companies.some((entry) => entry.bin === params.bin)) {
      const known = accounts.some((other) => other.companies.some((entry) => entry.bin === params.bin));
      return failure(known ? 'FORBIDDEN' : 'ENTITY_NOT_FOUND');
    }
    owner.companies = owner.companies.map((entry) => ({ ...entry, isMainCompany: entry.bin === params.bin }));
    return json(200, owner.companies);
  });
  play('attachByIin', ({ body }) => {
    const iin = String(body.iin);
    const party = attachable(iin);
    if (typeof party === 'string') return failure(party);
    return linkedPhoneMatches(iin, body.phoneNumber) ? codeSent() : failure('PHONE_MISMATCH');
  });
  play('confirmAttachByIin', ({ account: owner, body }) => {
    if (!owner) return failure('UNAUTHORIZED');
    const iin = String(body.iin);
    if (!linkedPhoneMatches(iin, body.phoneNumber)) return failure('PHONE_MISMATCH');
    if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
    const party = attachable(iin);
    if (typeof party === 'string') return failure(party);
    if (!owner.companies.some((entry) => entry.bin === iin)) {
      const { entry } = party;
      // As the server's attachCompany: the first company attached becomes the main one.
      const isMainCompany = !owner.companies.some((listed) => listed.isMainCompany);
      const administered = accounts.some(
        (other) =>
          other !== owner &&
          isAdmin(other, entry.bin) &&
          other.companies.some((listed) => listed.bin === entry.bin),
      );
      owner.companies = [
        ...owner.companies,
        {
          ...company(entry.bin, entry.nameRu, isMainCompany),
          isAdmin: !administered,
          nameKk: entry.nameKk,
          shortNameKk: entry.shortNameKk,
        },
      ];
    }
    return json(200, owner.companies);
  });
  play('lookupRegistry', ({ params }) => {
    const identityNumber = params.identityNumber ?? '';
    if (!validateIdentityNumber(identityNumber).ok) return failure('IDENTITY_NUMBER_INVALID');
    const party = register.find((candidate) => candidate.entry.bin === identityNumber);
    // The lookup answers 404 for a number the register does not know; attaching answers 400 (catalogue).
    return party ? json(200, party.entry) : failure('IIN_NOT_IN_REGISTER', 404);
  });

  const documentsService = createFakeDocuments({ now: options.now ?? (() => new Date()) });
  for (const [operationId, handler] of Object.entries(documentsService.handlers)) {
    play(operationId as FakeOperationId, handler);
  }
  const signingService = createFakeSigning({
    now: options.now ?? (() => new Date()),
    baseUrl: FAKE_BASE_URL,
    documents: documentsService,
    companyName: (bin) => register.find((party) => party.entry.bin === bin)?.entry.nameRu,
    ...(options.signingConfig ? { signingConfig: options.signingConfig } : {}),
  });
  for (const [operationId, handler] of Object.entries(signingService.handlers)) {
    play(operationId as FakeOperationId, handler);
  }
  const externalLinksService = createFakeExternalLinks({
    now: options.now ?? (() => new Date()),
    baseUrl: FAKE_BASE_URL,
    documents: documentsService,
  });
  for (const handlers of [
    createFakeVerification().handlers,
    createFakeEvidence(documentsService).handlers,
    externalLinksService.handlers,
  ]) {
    for (const [operationId, handler] of Object.entries(handlers))
      play(operationId as FakeOperationId, handler);
  }
  // As the server's registry: the account that attached a company first administers it; fixture companies
  // (without `isAdmin`) count as administered by their account.
  const isAdmin = (owner: FakeAccount, bin: string) =>
    owner.companies.find((entry) => entry.bin === bin)?.isAdmin !== false;
  const partnerService = createFakePartner({
    now: options.now ?? (() => new Date()),
    signing: signingService,
    isAdmin,
    firstSigner: (documentId) => documentsService.document(documentId).signers[0]?.identityNumber,
    administratorOf: (bin) =>
      accounts.find((owner) => owner.companies.some((entry) => entry.bin === bin) && isAdmin(owner, bin)),
    documents: documentsService.handlers,
  });
  const supportService = createFakeSupport({
    now: options.now ?? (() => new Date()),
    accounts,
    apiKeyOf: partnerService.apiKeyOf,
  });
  for (const handlers of [partnerService.handlers, supportService.handlers]) {
    for (const [operationId, handler] of Object.entries(handlers))
      play(operationId as FakeOperationId, handler);
  }
  const unplayed = FAKE_ROUTES.filter((route) => !played.has(route.operationId));
  if (unplayed.length > 0)
    throw new Error(`fake server: no handler for ${unplayed.map((r) => r.operationId)}`);

  function parseBody(init: RequestInit): { body: unknown } | { malformed: true } {
    if (typeof init.body === 'string') {
      if (init.body === '') return { body: undefined };
      try {
        return { body: JSON.parse(init.body) as unknown };
      } catch {
        return { malformed: true };
      }
    }
    return { body: init.body ?? undefined };
  }

  async function answer(route: Route, match: RegExpExecArray, url: URL, init: RequestInit, headers: Headers) {
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
    const owner = bearer === undefined ? undefined : accessTokens.get(bearer);
    // As the server: authentication first, then the body, then the handler's own checks.
    if (route.authenticated && !owner) return failure('UNAUTHORIZED');
    const parsed = parseBody(init);
    if ('malformed' in parsed) return failure('MALFORMED_JSON');
    const params = Object.fromEntries(
      route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    const { body } = parsed;
    if ([Object.fromEntries(url.searchParams), params, body].some(hasUnstorableText)) {
      return failure('CONTROL_CHARACTERS');
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    try {
      return await route.handler({
        method: route.method,
        path: url.pathname,
        params,
        query: url.searchParams,
        body: record,
        rawBody: body,
        headers,
        account: owner,
      });
    } catch (error) {
      if (error instanceof FakeRefusal) return failure(error.code, error.status);
      throw error;
    }
  }

  async function fetch(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (init.signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
    const parsed = parseBody(init);
    calls.push({ method, path: url.pathname, headers, body: 'body' in parsed ? parsed.body : init.body });
    let allowed = false;
    for (const route of [...overrides, ...played.values()]) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      if (route.method !== method) {
        allowed = true;
        continue;
      }
      return answer(route, match, url, init, headers);
    }
    return allowed ? failure('METHOD_NOT_ALLOWED') : failure('ROUTE_NOT_FOUND');
  }

  return {
    fetch,
    calls,
    account,
    accounts,
    on,
    /** The documents service's stored documents, folders and counterparties, for assertions and set-up. */
    documents: documentsService,
    /** The signing service: personal links, QR sessions (and an EventSource playing them), test controls. */
    signing: signingService,
    /** The external document links, by id (with their tokens), for assertions. */
    externalLinks: externalLinksService.links,
    /** The partner service: API keys, webhook logs (`addDelivery`) and embed tokens (`issueToken`). */
    partner: partnerService,
    /** The support chat: conversations, `grantOperator`, `visitorWrites`, `dropStreams` (event streams end). */
    support: supportService,
    /** Issues tokens for the default account (or `owner`, one of `accounts`), as a previous login would have. */
    issue: (owner: FakeAccount = account) => issue(owner),
    /** Makes the access token `token` unknown, as a server-side revocation does. */
    revoke: (token: string) => accessTokens.delete(token),
    /** The requests made to `template` (a path from core, `:params` allowed). */
    callsTo(method: string, template: string): FakeCall[] {
      const { pattern } = compile(template);
      return calls.filter((call) => call.method === method && pattern.test(call.path));
    },
  };
}

/** An unsigned JWT-shaped access token naming its user in `sub`, unique by `n`. */
function fakeJwt(userId: string, n: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ typ: 'access', sub: userId, n })}.fake-${n}`;
}

/** The fake server type. */
export type FakeServer = ReturnType<typeof createFakeServer>;

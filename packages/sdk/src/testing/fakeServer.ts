import {
  ACCESS_TOKEN_SECONDS,
  ACCOUNT_PATHS,
  type AuthTokens,
  type Company,
  type ErrorCode,
  errorMessage,
  errorStatus,
  type Lang,
  type LoginTarget,
  normalizeKzPhone,
  PROFILE_PATHS,
  type Profile,
  parseLoginTarget,
  type RegistryEntry,
  validateIdentityNumber,
} from '@qoltanba/core';

// Test helper, not exported by the package: plays the server's part of the core API contract in memory.
// Error codes and statuses follow packages/server/src/modules (account, profile, registry); keep them in step.

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

interface Account {
  email: string;
  phone: string;
  password: string;
  profile: Profile;
  companies: Company[];
  blockedUntil?: string;
}

interface Context {
  method: string;
  path: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
  headers: Headers;
  account: Account | undefined;
}

type Handler = (context: Context) => Response | Promise<Response>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
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

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An error answer; the status defaults to the catalogue's, as the server's AppError does. */
export function failure(code: ErrorCode, status = errorStatus(code), message?: string): Response {
  return json(status, { code, message: message ?? errorMessage(code, 'en') });
}

function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.]/g, '\\.').replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Creates a fake server with one account (`aigerim@example.kz` / `+77012345678`, password `correct-horse`). */
export function createFakeServer() {
  const calls: FakeCall[] = [];
  const accessTokens = new Map<string, Account>();
  const refreshTokens = new Map<string, Account>();
  const registrations = new Map<string, { email?: string; phone?: string }>();
  let issued = 0;
  const account: Account = {
    email: 'aigerim@example.kz',
    phone: '+77012345678',
    password: 'correct-horse',
    profile: { email: 'aigerim@example.kz', firstname: 'Aigerim', lastname: 'Bekova', lang: 'kk' },
    companies: [company('990340005977', 'ТОО Альфа'), company('020540003431', 'АО Бета', true)],
  };
  const accounts: Account[] = [account];
  const routes: Route[] = [];

  const issue = (owner: Account): AuthTokens => {
    issued += 1;
    const tokens = {
      access_token: `access-${issued}`,
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
    const party = FAKE_REGISTER.find((candidate) => candidate.entry.bin === iin);
    if (!party) return 'IIN_NOT_IN_REGISTER';
    return party.entry.kind === 'legal' ? 'ATTACH_BY_IIN_ONLY_INDIVIDUALS' : party;
  };
  const linkedPhoneMatches = (iin: string, phoneNumber: unknown) => {
    const linked = FAKE_REGISTER.find((candidate) => candidate.entry.bin === iin)?.phone;
    return linked !== undefined && normalizeKzPhone(String(phoneNumber)) === linked;
  };

  const on = (
    method: string,
    template: string,
    handler: Handler,
    authenticated = template.includes('profile-api'),
  ) => {
    // Later registrations win, so tests override a default by registering the same path again.
    routes.unshift({ method, ...compile(template), handler, authenticated });
  };

  on('POST', ACCOUNT_PATHS.login, ({ body }) => {
    const target = parseLoginTarget(String(body.login));
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    if (owner.blockedUntil) return failure('ACCOUNT_BLOCKED', 423, `Blocked until ${owner.blockedUntil}`);
    if (owner.password !== body.password) return failure('INVALID_PASSWORD');
    return json(200, issue(owner));
  });
  on('POST', ACCOUNT_PATHS.sendCode, ({ params, body }) => {
    const target = contactOf(body);
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (params.purpose === 'registration' && owner) {
      return failure(target.kind === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN');
    }
    if (params.purpose === 'otp' && !owner) return failure('ACCOUNT_NOT_FOUND');
    return codeSent();
  });
  on('POST', ACCOUNT_PATHS.verifyCode, ({ params, body }) => {
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
  });
  on('POST', ACCOUNT_PATHS.completeRegistration, ({ body }) => {
    const contact = registrations.get(String(body.registrationToken));
    if (!contact) return failure('BAD_REQUEST');
    if (contact.email && findAccount({ kind: 'email', value: contact.email })) return failure('EMAIL_TAKEN');
    if (contact.phone && findAccount({ kind: 'phone', value: contact.phone })) return failure('PHONE_TAKEN');
    const email = contact.email ?? '';
    const created: Account = {
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
  on('POST', ACCOUNT_PATHS.recoverySendCode, ({ body }) => {
    const target = parseLoginTarget(String(body.target));
    if (!target) return failure('INVALID_LOGIN');
    return findAccount(target) ? codeSent() : failure('ACCOUNT_NOT_FOUND');
  });
  on('POST', ACCOUNT_PATHS.recoveryChange, ({ body }) => {
    const target = parseLoginTarget(String(body.target));
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
    owner.password = String(body.newPassword);
    return json(200, issue(owner));
  });
  on('POST', ACCOUNT_PATHS.refresh, ({ body }) => {
    const token = String(body.refreshToken);
    const owner = refreshTokens.get(token);
    if (!owner) return failure('UNAUTHORIZED');
    refreshTokens.delete(token);
    return json(200, issue(owner));
  });
  // Authenticated like the server's: a refused or missing token answers 401.
  on(
    'GET',
    ACCOUNT_PATHS.logout,
    ({ headers }) => {
      accessTokens.delete(headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
      return new Response(null, { status: 204 });
    },
    true,
  );
  on('GET', PROFILE_PATHS.user, ({ account: owner }) => json(200, owner?.profile));
  on('PUT', PROFILE_PATHS.user, ({ account: owner, body }) => {
    if (!owner) return failure('UNAUTHORIZED');
    owner.profile = { ...owner.profile, firstname: String(body.firstname), lastname: String(body.lastname) };
    return json(200, owner.profile);
  });
  on('POST', PROFILE_PATHS.setLocale, ({ account: owner, params }) => {
    if (owner) owner.profile = { ...owner.profile, lang: params.locale as Lang };
    return new Response(null, { status: 204 });
  });
  on('GET', PROFILE_PATHS.avatar, () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 }));
  on('PUT', PROFILE_PATHS.avatar, () => new Response(null, { status: 204 }));
  on('GET', PROFILE_PATHS.companies, ({ account: owner }) => json(200, owner?.companies));
  on('PUT', PROFILE_PATHS.mainCompany, ({ account: owner, params }) => {
    if (!owner) return failure('UNAUTHORIZED');
    if (!owner.companies.some((entry) => entry.bin === params.bin)) {
      const known = accounts.some((other) => other.companies.some((entry) => entry.bin === params.bin));
      return failure(known ? 'FORBIDDEN' : 'ENTITY_NOT_FOUND');
    }
    owner.companies = owner.companies.map((entry) => ({ ...entry, isMainCompany: entry.bin === params.bin }));
    return json(200, owner.companies);
  });
  on('POST', PROFILE_PATHS.attachByIin, ({ body }) => {
    const iin = String(body.iin);
    const party = attachable(iin);
    if (typeof party === 'string') return failure(party);
    return linkedPhoneMatches(iin, body.phoneNumber) ? codeSent() : failure('PHONE_MISMATCH');
  });
  on('POST', PROFILE_PATHS.attachByIinConfirm, ({ account: owner, body }) => {
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
      owner.companies = [
        ...owner.companies,
        {
          ...company(entry.bin, entry.nameRu, isMainCompany),
          nameKk: entry.nameKk,
          shortNameKk: entry.shortNameKk,
        },
      ];
    }
    return json(200, owner.companies);
  });
  on('GET', PROFILE_PATHS.registryLookup, ({ params }) => {
    const identityNumber = params.identityNumber ?? '';
    if (!validateIdentityNumber(identityNumber).ok) return failure('IDENTITY_NUMBER_INVALID');
    const party = FAKE_REGISTER.find((candidate) => candidate.entry.bin === identityNumber);
    // The lookup answers 404 for a number the register does not know; attaching answers 400 (catalogue).
    return party ? json(200, party.entry) : failure('IIN_NOT_IN_REGISTER', 404);
  });

  async function fetch(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    let body: unknown;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    else if (init.body !== undefined && init.body !== null) body = init.body;
    calls.push({ method, path: url.pathname, headers, body });
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
      const owner = bearer === undefined ? undefined : accessTokens.get(bearer);
      if (route.authenticated && !owner) return failure('UNAUTHORIZED');
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      );
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      return route.handler({ method, path: url.pathname, params, body: record, headers, account: owner });
    }
    return failure('ROUTE_NOT_FOUND');
  }

  return {
    fetch,
    calls,
    account,
    on,
    /** Issues tokens for the default account, as a previous login would have. */
    issue: () => issue(account),
    /** Makes the access token `token` unknown, as a server-side revocation does. */
    revoke: (token: string) => accessTokens.delete(token),
    /** The requests made to `template` (a path from core, `:params` allowed). */
    callsTo(method: string, template: string): FakeCall[] {
      const { pattern } = compile(template);
      return calls.filter((call) => call.method === method && pattern.test(call.path));
    },
  };
}

/** The fake server type. */
export type FakeServer = ReturnType<typeof createFakeServer>;

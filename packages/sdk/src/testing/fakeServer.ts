import {
  ACCESS_TOKEN_SECONDS,
  ACCOUNT_PATHS,
  type AuthTokens,
  type Company,
  type ErrorCode,
  errorMessage,
  type Lang,
  normalizeKzPhone,
  PROFILE_PATHS,
  type Profile,
} from '@qoltanba/core';

// Test helper, not exported by the package: plays the server's part of the core API contract in memory.

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

/** A company of the context list, for fixtures. */
export function company(bin: string, name: string, isMainCompany = false): Company {
  return { bin, nameRu: name, shortNameRu: null, isMainCompany };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function failure(code: ErrorCode, status: number, message?: string): Response {
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
  const findAccount = (login: string) => {
    const phone = normalizeKzPhone(login);
    return accounts.find((candidate) => candidate.email === login.toLowerCase() || candidate.phone === phone);
  };
  const codeSent = () => json(200, { resendAfterSeconds: 60, expiresInSeconds: 600 });

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
    const owner = findAccount(String(body.login));
    if (!owner) return failure('ACCOUNT_NOT_FOUND', 404);
    if (owner.blockedUntil) return failure('ACCOUNT_BLOCKED', 423, `Blocked until ${owner.blockedUntil}`);
    if (owner.password !== body.password) return failure('INVALID_PASSWORD', 401);
    return json(200, issue(owner));
  });
  on('POST', ACCOUNT_PATHS.sendCode, codeSent);
  on('POST', ACCOUNT_PATHS.verifyCode, ({ params, body }) => {
    if (body.code !== FAKE_CODE) return failure('INVALID_CODE', 400);
    const target = String(params.channel === 'email' ? body.email : body.phoneNumber);
    if (params.purpose === 'registration') {
      const registrationToken = `registration-${registrations.size + 1}`;
      registrations.set(
        registrationToken,
        params.channel === 'email' ? { email: target } : { phone: target },
      );
      return json(200, { registrationToken, expires_in: 600 });
    }
    const owner = findAccount(target);
    return owner ? json(200, issue(owner)) : failure('ACCOUNT_NOT_FOUND', 404);
  });
  on('POST', ACCOUNT_PATHS.completeRegistration, ({ body }) => {
    const contact = registrations.get(String(body.registrationToken));
    if (!contact) return failure('BAD_REQUEST', 400);
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
  on('POST', ACCOUNT_PATHS.recoverySendCode, codeSent);
  on('POST', ACCOUNT_PATHS.recoveryChange, ({ body }) => {
    const owner = findAccount(String(body.target));
    if (!owner) return failure('ACCOUNT_NOT_FOUND', 404);
    if (body.code !== FAKE_CODE) return failure('INVALID_CODE', 400);
    owner.password = String(body.newPassword);
    return json(200, issue(owner));
  });
  on('POST', ACCOUNT_PATHS.refresh, ({ body }) => {
    const token = String(body.refreshToken);
    const owner = refreshTokens.get(token);
    if (!owner) return failure('UNAUTHORIZED', 401);
    refreshTokens.delete(token);
    return json(200, issue(owner));
  });
  on('GET', ACCOUNT_PATHS.logout, ({ headers }) => {
    accessTokens.delete(headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
    return new Response(null, { status: 204 });
  });
  on('GET', PROFILE_PATHS.user, ({ account: owner }) => json(200, owner?.profile));
  on('PUT', PROFILE_PATHS.user, ({ account: owner, body }) => {
    if (!owner) return failure('UNAUTHORIZED', 401);
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
    if (!owner) return failure('UNAUTHORIZED', 401);
    owner.companies = owner.companies.map((entry) => ({ ...entry, isMainCompany: entry.bin === params.bin }));
    return json(200, owner.companies);
  });
  on('POST', PROFILE_PATHS.attachByIin, codeSent);
  on('POST', PROFILE_PATHS.attachByIinConfirm, ({ account: owner, body }) => {
    if (!owner) return failure('UNAUTHORIZED', 401);
    if (body.code !== FAKE_CODE) return failure('INVALID_CODE', 400);
    owner.companies = [...owner.companies, company(String(body.iin), 'ИП Бекова')];
    return json(200, owner.companies);
  });
  on('GET', PROFILE_PATHS.registryLookup, ({ params }) =>
    params.identityNumber === '990340005977'
      ? json(200, {
          bin: '990340005977',
          kind: 'legal',
          nameRu: 'ТОО Альфа',
          nameKk: null,
          shortNameRu: null,
          shortNameKk: null,
        })
      : failure('IIN_NOT_IN_REGISTER', 404),
  );

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
      if (route.authenticated && !owner) return failure('UNAUTHORIZED', 401);
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      );
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      return route.handler({ method, path: url.pathname, params, body: record, headers, account: owner });
    }
    return failure('ROUTE_NOT_FOUND', 404);
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

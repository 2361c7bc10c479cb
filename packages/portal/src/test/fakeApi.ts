import {
  ACCOUNT_PATHS,
  API_SERVICES,
  type Company,
  type ErrorCode,
  errorMessage,
  normalizeKzPhone,
  PROFILE_PATHS,
  type Profile,
} from '@qoltanba/core';
import { createMemoryStorage, type QoltanbaClient } from '@qoltanba/sdk';
import { createFakeServer } from '@qoltanba/sdk/testing';
import { createPortalClient } from '../session/portalSession';

// Test helper: an in-memory stand-in for the accounts API, answering the core contract's paths. The documents
// service (documents, folders, counterparties) is the sdk's contract-tested fake, acting for this fake's user.

/** Base URL the fake answers on. */
export const FAKE_BASE = 'http://portal.test';
/** The only SMS code the fake accepts. */
export const FAKE_SMS_CODE = '654321';
/** The IIN the fake register knows, with its registered phone. */
export const FAKE_REGISTRY = { iin: '900515300127', phone: '+77011234567', name: 'Иванов Иван Иванович' };
/** A BIN the fake register holds as a legal entity (attach by IIN refuses it). */
export const FAKE_LEGAL_BIN = '180340021791';

/** A company of the context list. */
export function company(bin: string, nameRu: string, isMainCompany = false): Company {
  return { bin, nameRu, shortNameRu: null, isMainCompany };
}

/** Mutable state of the fake server; tests read and change it. */
export interface FakeApiState {
  profile: Profile;
  companies: Company[];
  /** Every request, as `METHOD path`. */
  calls: string[];
  /** When set, every authenticated call answers 401. */
  revoked: boolean;
  /** When set, the company list answers with this error status; 0 fails it as a network error. */
  companiesStatus?: number;
  /** When set, answers wait for it (to look at the page while a request is in flight). */
  hold?: Promise<void>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function failure(code: ErrorCode, status = 400): Response {
  return json({ code, message: errorMessage(code, 'en') }, status);
}

/** A fake server and a fetch bound to it. */
export function createFakeApi(initial: Partial<FakeApiState> = {}) {
  const state: FakeApiState = {
    profile: { email: 'aigerim@example.kz', firstname: 'Айгерім', lastname: 'Сәрсенова', lang: 'en' },
    companies: [],
    calls: [],
    revoked: false,
    ...initial,
  };

  async function handle(method: string, path: string, init: RequestInit | undefined): Promise<Response> {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const bearer = new Headers(init?.headers).get('Authorization');
    if (method === 'POST' && path === ACCOUNT_PATHS.login) {
      return body.password === 'correct-horse'
        ? json({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 })
        : failure('INVALID_PASSWORD', 401);
    }
    // Every other call needs a valid bearer, logout included (as on the server).
    if (!bearer || state.revoked) return failure('UNAUTHORIZED', 401);
    if (method === 'GET' && path === ACCOUNT_PATHS.logout) return new Response(null, { status: 204 });
    if (method === 'GET' && path === PROFILE_PATHS.user) return json(state.profile);
    if (method === 'GET' && path === PROFILE_PATHS.companies) {
      return state.companiesStatus ? failure('INTERNAL_ERROR', state.companiesStatus) : json(state.companies);
    }
    if (method === 'POST' && path.startsWith(PROFILE_PATHS.setLocale.replace(':locale', ''))) {
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === PROFILE_PATHS.attachByIin) {
      if (body.iin === FAKE_LEGAL_BIN) return failure('ATTACH_BY_IIN_ONLY_INDIVIDUALS');
      // 400 like the server's attach route; only the register lookup answers this code with 404.
      if (body.iin !== FAKE_REGISTRY.iin) return failure('IIN_NOT_IN_REGISTER');
      if (normalizeKzPhone(String(body.phoneNumber)) !== FAKE_REGISTRY.phone)
        return failure('PHONE_MISMATCH');
      return json({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    }
    if (method === 'POST' && path === PROFILE_PATHS.attachByIinConfirm) {
      if (body.code !== FAKE_SMS_CODE) return failure('INVALID_CODE');
      state.companies = [
        ...state.companies,
        company(FAKE_REGISTRY.iin, FAKE_REGISTRY.name, state.companies.length === 0),
      ];
      return json(state.companies);
    }
    return failure('ROUTE_NOT_FOUND', 404);
  }

  // The sdk fake's own account stands for this fake's user: same companies, a token of its own.
  const documents = createFakeServer();
  const documentsToken = documents.issue().access_token;
  const delegate = (input: string, init: RequestInit | undefined): Promise<Response> => {
    const headers = new Headers(init?.headers);
    if (!headers.get('Authorization') || state.revoked) return Promise.resolve(failure('UNAUTHORIZED', 401));
    documents.account.companies = state.companies;
    headers.set('Authorization', `Bearer ${documentsToken}`);
    return documents.fetch(input, { ...init, headers });
  };

  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    state.calls.push(`${method} ${url.pathname}`);
    await state.hold;
    if (url.pathname.startsWith(`/proxy/${API_SERVICES.documents}/`)) return delegate(input, init);
    if (state.companiesStatus === 0 && url.pathname === PROFILE_PATHS.companies) {
      throw new TypeError('Failed to fetch');
    }
    return handle(method, url.pathname, init);
  };

  return { state, fetch, documents };
}

/** A fake API, a portal client on it (memory storages) and the paths it navigated to after logouts. */
export function createFakeClient(initial: Partial<FakeApiState> = {}) {
  const api = createFakeApi(initial);
  const navigations: string[] = [];
  const client: QoltanbaClient = createPortalClient({
    navigate: (path) => navigations.push(path),
    overrides: {
      baseUrl: FAKE_BASE,
      fetch: api.fetch,
      storage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
      logoutDelayMs: 0,
    },
  });
  return { ...api, client, navigations };
}

import {
  type ApiKey,
  apiKeyInputSchema,
  apiKeyParamsSchema,
  companyParamsSchema,
  DOCUMENT_UPLOAD_PARTS,
  type Document,
  EMBED_SESSION_SECONDS,
  EMBED_TOKEN_TTL,
  type EmbedCreatedDocument,
  type EmbedPurpose,
  type EmbedSessionView,
  type ErrorParams,
  embedExchangeRequestSchema,
  type Lang,
  literalHostKind,
  normalizeOrigin,
  type SigningLinkView,
  type WebhookDelivery,
} from '@qoltanba/core';
import {
  type FakeAccount,
  type FakeContext,
  type FakeHandler,
  json,
  noContent,
  parseInput,
  refuse,
} from './fakeHttp';
import type { FakeOperationId } from './fakeRoutes';
import type { createFakeSigning } from './signing/fakeSigning';

// The partner API's key management and the embed sessions of the fake server. The partner backend routes (API key
// auth, server to server) are not played: browsers never call them. Tests issue embed tokens with `issueToken`,
// as a partner backend would through createEmbedToken. The embed session routes act through the signing service's
// personal-link handlers, as the server's embed routes act through the signing module's signer actions.

/** What a fake embed token grants. */
export interface FakeEmbedGrant {
  purpose: EmbedPurpose;
  documentId?: number;
  /** For 'sign', the signer; for 'create', a signer the created document must have. */
  signer?: string;
  /** The API key's company: a 'create' embed makes its document for it (as its administrator). */
  bin?: string;
  /** `['https://partner.test']` by default. */
  allowedOrigins?: string[];
  lang?: Lang;
  /** 300 by default. */
  ttlSeconds?: number;
}

interface FakeEmbedRecord {
  purpose: EmbedPurpose;
  bin: string | null;
  documentId: number | null;
  signer: string | null;
  allowedOrigins: string[];
  lang: Lang | null;
  expiresAt: string;
  usedAt?: string;
}

/** An API key as the fake stores it: the public fields and its company. */
export interface FakeApiKey extends ApiKey {
  bin: string;
}

/** Options of {@link createFakePartner}. */
export interface FakePartnerOptions {
  now: () => Date;
  signing: ReturnType<typeof createFakeSigning>;
  /** Whether the account administers the company (as the server's registry decides). */
  isAdmin: (account: FakeAccount, bin: string) => boolean;
  /** The first signer of a stored document ('status' sessions without a signer show the document as theirs). */
  firstSigner: (documentId: number) => string | undefined;
  /** The account administering a company: a 'create' session acts as it (the server: the key's creator). */
  administratorOf: (bin: string) => FakeAccount | undefined;
  /** The documents service's handlers a 'create' session makes and sends its document with. */
  documents: { createDocument: FakeHandler; sendDocument: FakeHandler; trashDocument: FakeHandler };
}

/** The fake's partner and embed services. */
export function createFakePartner(options: FakePartnerOptions) {
  const { now, signing } = options;
  const keys = new Map<string, FakeApiKey>();
  /** Key ids by their secret (the server keeps only a hash; the fake needs no more). */
  const secrets = new Map<string, string>();
  const deliveries = new Map<string, WebhookDelivery[]>();
  const tokens = new Map<string, FakeEmbedRecord>();
  const sessions = new Map<string, FakeEmbedRecord>();
  let counter = 0;
  const next = (prefix: string) => {
    counter += 1;
    return `${prefix}${counter}${Math.random().toString(36).slice(2, 12)}`;
  };
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const expired = (at: string) => Date.parse(at) <= now().getTime();

  function admin(context: FakeContext): string {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const account = context.account;
    if (!account?.companies.some((entry) => entry.bin === bin)) refuse('FORBIDDEN');
    if (!options.isAdmin(account, bin)) refuse('API_KEY_FORBIDDEN');
    return bin;
  }
  /** As the server where private addresses are refused (test, production); no DNS here, so literal hosts only. */
  function refusePrivateWebhook(url: string | null | undefined): void {
    if (!url) return;
    // A host the URL parser refuses (https://999999999999/: too large for IPv4) is no URL at all.
    if (!URL.canParse(url)) refuse('WEBHOOK_URL_INVALID');
    const kind = literalHostKind(new URL(url).hostname);
    if (kind !== undefined && kind !== 'public') refuse('WEBHOOK_URL_PRIVATE');
  }
  function companyKey(context: FakeContext): FakeApiKey {
    const bin = admin(context);
    const { keyId } = parseInput(apiKeyParamsSchema, context.params);
    const key = keys.get(keyId);
    if (!key || key.bin !== bin) refuse('ENTITY_NOT_FOUND');
    return key;
  }
  const publicKey = ({ bin: _bin, ...key }: FakeApiKey): ApiKey => key;

  // ----- embed sessions -----

  function originOf(context: FakeContext): string | undefined {
    return context.headers.get('origin') ?? undefined;
  }
  /** A browser's origin must be one of the grant's; the fake's callers usually send none (node, happy-dom). */
  function checkOrigin(context: FakeContext, record: FakeEmbedRecord): void {
    const origin = originOf(context);
    if (origin !== undefined && !record.allowedOrigins.includes(origin)) refuse('EMBED_ORIGIN_NOT_ALLOWED');
  }
  function sessionOf(context: FakeContext, purposes: readonly EmbedPurpose[]): FakeEmbedRecord {
    const bearer = context.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const record = sessions.get(bearer);
    if (!record) refuse('EMBED_TOKEN_INVALID');
    if (expired(record.expiresAt)) refuse('EMBED_SESSION_EXPIRED');
    checkOrigin(context, record);
    if (!purposes.includes(record.purpose)) refuse('EMBED_PURPOSE_MISMATCH');
    return record;
  }
  /** The signer's hidden personal link of a 'sign' session (the signing service's handlers act through it). */
  const linkTokens = new Map<FakeEmbedRecord, string>();
  function linkOf(record: FakeEmbedRecord): string {
    const signer =
      record.signer ?? (record.documentId === null ? undefined : options.firstSigner(record.documentId));
    if (record.documentId === null || signer === undefined) refuse('EMBED_PURPOSE_MISMATCH');
    let token = linkTokens.get(record);
    if (!token) {
      token = signing.issueLink(
        record.documentId,
        signer,
        Date.parse(record.expiresAt) - now().getTime(),
      ).token;
      linkTokens.set(record, token);
    }
    return token;
  }
  async function viaLink(
    context: FakeContext,
    record: FakeEmbedRecord,
    operation: 'getSigningLink' | 'signByLink' | 'rejectByLink',
  ): Promise<SigningLinkView> {
    const response = await signing.handlers[operation]({
      ...context,
      account: undefined,
      params: { token: linkOf(record) },
    });
    if (!response.ok) {
      const body = (await response.json()) as { code?: string; params?: ErrorParams };
      refuse((body.code ?? 'INTERNAL_ERROR') as Parameters<typeof refuse>[0], body.params, response.status);
    }
    return { ...((await response.json()) as SigningLinkView), expiresAt: record.expiresAt };
  }
  /** Answers `response` as the fake's refusal when it is one, else its JSON body. */
  async function bodyOf<T>(response: Response): Promise<T> {
    const body = (await response.json()) as T & { code?: string; params?: ErrorParams };
    if (!response.ok)
      refuse((body.code ?? 'INTERNAL_ERROR') as Parameters<typeof refuse>[0], body.params, response.status);
    return body;
  }
  /** The draft part's signers of a create request, to check a named signer before anything is made. */
  function draftSigners(context: FakeContext): string[] {
    const part =
      context.rawBody instanceof FormData ? context.rawBody.get(DOCUMENT_UPLOAD_PARTS.document) : null;
    try {
      const draft = JSON.parse(typeof part === 'string' ? part : '{}') as {
        signers?: { identityNumber?: unknown }[];
      };
      return (draft.signers ?? []).map((signer) => String(signer.identityNumber));
    } catch {
      return [];
    }
  }

  async function view(
    context: FakeContext,
    record: FakeEmbedRecord,
    document: SigningLinkView | null = null,
  ) {
    let shown = document;
    if (!shown && record.purpose === 'sign') shown = await viaLink(context, record, 'getSigningLink');
    if (!shown && record.purpose === 'status' && record.documentId !== null) {
      const linked = await viaLink(context, record, 'getSigningLink');
      shown = { ...linked, document: { ...linked.document, allowedActions: [] } };
    }
    const creator =
      record.purpose === 'create' && record.bin !== null ? options.administratorOf(record.bin) : undefined;
    const company = creator?.companies.find((entry) => entry.bin === record.bin);
    const answer: EmbedSessionView = {
      purpose: record.purpose,
      allowedOrigins: record.allowedOrigins,
      lang: record.lang,
      document: shown,
      company: company ? { bin: company.bin, nameRu: company.nameRu, nameKk: company.nameKk ?? null } : null,
      requiredSigner: record.purpose === 'create' ? record.signer : null,
    };
    return json(200, answer);
  }

  const handlers = {
    listApiKeys: (context) => {
      const bin = admin(context);
      const list = [...keys.values()]
        .filter((key) => key.bin === bin)
        .reverse()
        .map(publicKey);
      return json(200, list);
    },
    createApiKey: (context) => {
      const bin = admin(context);
      const input = parseInput(apiKeyInputSchema, context.rawBody);
      refusePrivateWebhook(input.webhookUrl);
      const secret = `qk_${next('k').padEnd(43, '0').slice(0, 43)}`;
      const webhookSecret = input.webhookUrl ? `whsec_${next('w')}` : null;
      const key: FakeApiKey = {
        bin,
        id: next('key-'),
        name: input.name,
        prefix: secret.slice(0, 11),
        allowedOrigins: input.allowedOrigins,
        webhookUrl: input.webhookUrl ?? null,
        createdAt: iso(),
        createdBy:
          `${context.account?.profile.firstname ?? ''} ${context.account?.profile.lastname ?? ''}`.trim(),
        lastUsedAt: null,
        revokedAt: null,
      };
      keys.set(key.id, key);
      secrets.set(secret, key.id);
      return json(201, { apiKey: publicKey(key), secret, webhookSecret });
    },
    updateApiKey: (context) => {
      const key = companyKey(context);
      if (key.revokedAt) refuse('API_KEY_INVALID');
      const input = parseInput(apiKeyInputSchema, context.rawBody);
      refusePrivateWebhook(input.webhookUrl);
      const webhookUrl = input.webhookUrl === undefined ? key.webhookUrl : input.webhookUrl;
      const firstWebhook = webhookUrl !== null && key.webhookUrl === null;
      Object.assign(key, { name: input.name, allowedOrigins: input.allowedOrigins, webhookUrl });
      return json(
        200,
        firstWebhook ? { ...publicKey(key), webhookSecret: `whsec_${next('w')}` } : publicKey(key),
      );
    },
    revokeApiKey: (context) => {
      const key = companyKey(context);
      key.revokedAt ??= iso();
      return noContent();
    },
    listWebhookDeliveries: (context) => json(200, deliveries.get(companyKey(context).id) ?? []),

    exchangeEmbedToken: (context) => {
      const { token } = parseInput(embedExchangeRequestSchema, context.rawBody);
      const record = tokens.get(token);
      if (!record) refuse('EMBED_TOKEN_INVALID');
      checkOrigin(context, record);
      if (record.usedAt) refuse('EMBED_TOKEN_USED');
      if (expired(record.expiresAt)) refuse('EMBED_TOKEN_EXPIRED');
      record.usedAt = iso();
      const session = `qs_${next('s')}`;
      const live: FakeEmbedRecord = { ...record, expiresAt: iso(EMBED_SESSION_SECONDS * 1000) };
      sessions.set(session, live);
      return json(201, {
        session,
        expiresAt: live.expiresAt,
        purpose: live.purpose,
        documentId: live.documentId,
        signer: live.signer,
        allowedOrigins: live.allowedOrigins,
        lang: live.lang,
      });
    },
    getEmbedSession: (context) => view(context, sessionOf(context, ['sign', 'verify', 'create', 'status'])),
    downloadEmbedFile: (context) => {
      const record = sessionOf(context, ['sign', 'status']);
      return signing.handlers.downloadSigningLinkFile({
        ...context,
        params: { ...context.params, token: linkOf(record) },
      });
    },
    previewEmbedFile: (context) => {
      const record = sessionOf(context, ['sign', 'status']);
      return signing.handlers.previewSigningLinkFile({
        ...context,
        params: { ...context.params, token: linkOf(record) },
      });
    },
    signEmbedDocument: async (context) => {
      const record = sessionOf(context, ['sign']);
      return view(context, record, await viaLink(context, record, 'signByLink'));
    },
    rejectEmbedDocument: async (context) => {
      const record = sessionOf(context, ['sign']);
      return view(context, record, await viaLink(context, record, 'rejectByLink'));
    },
    startEmbedQrSigning: (context) => {
      const record = sessionOf(context, ['sign']);
      return signing.handlers.startQrSigningByLink({
        ...context,
        account: undefined,
        params: { token: linkOf(record) },
      });
    },
    createEmbedDocument: async (context) => {
      const record = sessionOf(context, ['create']);
      if (record.documentId !== null) refuse('EMBED_DOCUMENT_CREATED');
      const account = record.bin === null ? undefined : options.administratorOf(record.bin);
      if (!account || record.bin === null) refuse('API_KEY_INVALID');
      if (record.signer !== null && !draftSigners(context).includes(record.signer))
        refuse('BIN_NOT_AMONG_SIGNERS');
      const acting = { ...context, account, params: { bin: record.bin } };
      const draft = await bodyOf<Document>(await options.documents.createDocument(acting));
      record.documentId = draft.id;
      const made = { ...acting, params: { bin: record.bin, id: String(draft.id) } };
      let sent: Document;
      try {
        sent = await bodyOf<Document>(await options.documents.sendDocument(made));
      } catch (error) {
        // As the server: an unsent draft goes to the trash and the session may try again.
        await options.documents.trashDocument(made);
        record.documentId = null;
        throw error;
      }
      const answer: EmbedCreatedDocument = {
        documentId: sent.id,
        number: sent.number,
        name: sent.name,
        status: sent.status,
      };
      return json(201, answer);
    },
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  return {
    handlers,
    keys,
    /** The live key a secret names (what `Authorization: Bearer qk_...` authenticates), else undefined. */
    apiKeyOf(secret: string): FakeApiKey | undefined {
      const key = keys.get(secrets.get(secret) ?? '');
      return key && !key.revokedAt ? key : undefined;
    },
    /**
     * Issues an embed token, as a partner backend's createEmbedToken would (no API key needed in the fake). Throws
     * on an origin that is not one (ORIGIN_INVALID in the server).
     */
    issueToken(grant: FakeEmbedGrant): { token: string; expiresAt: string } {
      const allowedOrigins = (grant.allowedOrigins ?? ['https://partner.test']).map((origin) => {
        const normalized = normalizeOrigin(origin);
        if (!normalized) throw new Error(`fake server: ${origin} is not an origin`);
        return normalized;
      });
      const token = `qe_${next('t')}`;
      const expiresAt = iso((grant.ttlSeconds ?? EMBED_TOKEN_TTL.default) * 1000);
      tokens.set(token, {
        purpose: grant.purpose,
        bin: grant.bin ?? null,
        documentId: grant.documentId ?? null,
        signer: grant.signer ?? null,
        allowedOrigins,
        lang: grant.lang ?? null,
        expiresAt,
      });
      return { token, expiresAt };
    },
    /** Adds a delivery to a key's webhook log (the fake sends no webhooks). */
    addDelivery(keyId: string, delivery: WebhookDelivery): void {
      deliveries.set(keyId, [delivery, ...(deliveries.get(keyId) ?? [])]);
    },
  };
}

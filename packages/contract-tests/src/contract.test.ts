import {
  API_SERVICES,
  BILLING_PATHS,
  errorResponseSchema,
  NOTIFICATION_PATHS,
  PARTNER_PATHS,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { FAKE_ROUTES } from '@qoltanba/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSide, realSide, type Side } from './sides';
import { type Context, type Step, TABLE } from './table';

// The issue: "a contract test that fails when the fake and the real server disagree: same routes and operationIds
// as the OpenAPI document, same status codes and body shapes for a shared table of requests run against both".

/** The services the fake plays: every real route under them must be in FAKE_ROUTES, or excluded below. */
const PLAYED_SERVICES = [
  API_SERVICES.account,
  API_SERVICES.profile,
  API_SERVICES.documents,
  API_SERVICES.partner,
  API_SERVICES.embed,
  API_SERVICES.support,
];

/** `:param` (core, Fastify) to `{param}` (OpenAPI). */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Real routes under the played services that the fake deliberately does not play, each with the reason. */
const NOT_PLAYED: ReadonlyArray<{ method: string; path: string; why: string }> = [
  ...(
    [
      ['GET', NOTIFICATION_PATHS.list],
      ['GET', NOTIFICATION_PATHS.unread],
      ['GET', NOTIFICATION_PATHS.events],
      ['POST', NOTIFICATION_PATHS.read],
      ['POST', NOTIFICATION_PATHS.readAll],
      ['GET', NOTIFICATION_PATHS.settings],
      ['PUT', NOTIFICATION_PATHS.settings],
    ] as const
  ).map(([method, path]) => ({
    method,
    path: openApiPath(path),
    why: 'notifications (issue 21) came after the fake was frozen for removal (issue 19): tested on the real server',
  })),
  ...(
    [
      ['POST', PARTNER_PATHS.documents],
      ['GET', PARTNER_PATHS.document],
      ['POST', PARTNER_PATHS.send],
      ['GET', PARTNER_PATHS.signedPackage],
      ['POST', PARTNER_PATHS.embedTokens],
      ['POST', PARTNER_PATHS.supportIdentityTokens],
    ] as const
  ).map(([method, path]) => ({
    method,
    path: openApiPath(path),
    why:
      'partner backend routes (API key, server to server): browsers never call them, so the fake, which serves ' +
      "browsers' tests, does not play them; tests issue embed tokens with the fake's partner.issueToken",
  })),
  ...(
    [
      ['GET', BILLING_PATHS.plans],
      ['GET', BILLING_PATHS.activeOrder],
      ['POST', BILLING_PATHS.createOrder],
      ['GET', BILLING_PATHS.order],
      ['GET', BILLING_PATHS.companyOrders],
      ['POST', BILLING_PATHS.generateInvoice],
      ['GET', BILLING_PATHS.invoicePath],
      ['GET', BILLING_PATHS.publicInvoice],
    ] as const
  ).map(([method, path]) => ({
    method,
    path: openApiPath(path),
    why:
      "billing (issue 20): the sdk's billing client is tested against the real server in-process " +
      '(`@qoltanba/server/testing`); the fake, which issue 19 removes, never plays them',
  })),
  ...(
    [
      ['GET', SIGNING_PATHS.approvalLink],
      ['GET', SIGNING_PATHS.approvalLinkFile],
      ['GET', SIGNING_PATHS.approvalLinkFilePreview],
      ['POST', SIGNING_PATHS.approvalLinkApprove],
      ['POST', SIGNING_PATHS.approvalLinkDecline],
      ['POST', SIGNING_PATHS.resendApprovalLink],
      ['GET', SIGNING_PATHS.reminders],
      ['POST', SIGNING_PATHS.reminders],
      ['GET', SIGNING_PATHS.schedule],
      ['PUT', SIGNING_PATHS.schedule],
    ] as const
  ).map(([method, path]) => ({
    method,
    path: openApiPath(path),
    why:
      'approvals and reminders (issue 21): the fake is being removed (issue 19), so it does not learn them; their sdk ' +
      'calls are tested against the real server (`@qoltanba/server/testing`)',
  })),
];

let fake: Side;
let real: Side;

beforeAll(async () => {
  fake = fakeSide();
  real = await realSide();
});

afterAll(async () => {
  await Promise.all([fake?.close(), real?.close()]);
});

interface RealOperation {
  method: string;
  path: string;
  operationId: string | undefined;
}

async function realOperations(): Promise<RealOperation[]> {
  const response = await real.fetch('/api/openapi.json');
  expect(response.status).toBe(200);
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
    })),
  );
}

describe('the fake plays the routes of the OpenAPI document', () => {
  it('every route of the fake is in the document, with the same operationId', async () => {
    const operations = await realOperations();
    const mismatches = FAKE_ROUTES.flatMap((route) => {
      const found = operations.find(
        (operation) => operation.method === route.method && operation.path === openApiPath(route.path),
      );
      if (!found) return [`${route.method} ${route.path} (${route.operationId}): not in the real server`];
      return found.operationId === route.operationId
        ? []
        : [`${route.method} ${route.path}: fake ${route.operationId}, real ${found.operationId ?? 'none'}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('every route of the played services is in the fake (or excluded, with a reason)', async () => {
    const played = (path: string) => PLAYED_SERVICES.some((service) => path.startsWith(`/proxy/${service}/`));
    const operations = (await realOperations()).filter((operation) => played(operation.path));
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations
      .filter(
        (operation) =>
          !FAKE_ROUTES.some(
            (route) => route.method === operation.method && openApiPath(route.path) === operation.path,
          ),
      )
      .filter(
        (operation) =>
          !NOT_PLAYED.some((entry) => entry.method === operation.method && entry.path === operation.path),
      )
      .map(
        (operation) => `${operation.method} ${operation.path} (${operation.operationId ?? 'no operationId'})`,
      );
    expect(missing).toEqual([]);
    // An exclusion of a route the server no longer has is stale.
    const stale = NOT_PLAYED.filter(
      (entry) =>
        !operations.some((operation) => operation.method === entry.method && operation.path === entry.path),
    );
    expect(stale).toEqual([]);
  });

  it('operationIds are unique in the document', async () => {
    const ids = (await realOperations()).flatMap((operation) =>
      operation.operationId ? [operation.operationId] : [],
    );
    expect(ids.length).toBe(new Set(ids).size);
  });
});

/** What one side answered to a step. */
interface Answer {
  status: number;
  contentType: string;
  body: unknown;
  bytes: number;
  /** The Retry-After header, when any. */
  retryAfter: string | null;
}

async function send(step: Step, side: Side, context: Context): Promise<Answer> {
  const request = await step.request(context, side);
  const token = request.as ? context.tokens[request.as] : undefined;
  const headers: Record<string, string> = { 'accept-language': 'en', ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) body = request.form;
  const response = await side.fetch(request.path, {
    method: request.method,
    headers,
    ...(body ? { body } : {}),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  if (contentType.includes('json') && text !== '') parsed = JSON.parse(text);
  return {
    status: response.status,
    contentType,
    body: parsed,
    bytes: bytes.length,
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The failures of one side's answer against the step's expectation. */
function check(step: Step, side: Side, answer: Answer): string[] {
  const problems: string[] = [];
  const { expect: expected } = step;
  const where = `${side.name}`;
  if (answer.status !== expected.status) {
    problems.push(
      `${where}: status ${answer.status}, expected ${expected.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  if (expected.code !== undefined) {
    const parsed = errorResponseSchema.safeParse(answer.body);
    if (!parsed.success) problems.push(`${where}: not an error body: ${JSON.stringify(answer.body)}`);
    else if (parsed.data.code !== expected.code)
      problems.push(`${where}: code ${parsed.data.code}, expected ${expected.code}`);
  }
  if (expected.schema) {
    const parsed = expected.schema.safeParse(answer.body);
    if (!parsed.success) problems.push(`${where}: body does not match the schema: ${String(parsed.error)}`);
  }
  if (expected.binary !== undefined && !answer.contentType.startsWith(expected.binary)) {
    problems.push(`${where}: content type ${answer.contentType}, expected ${expected.binary}`);
  }
  return problems;
}

describe('the fake and the real server answer the shared table alike', () => {
  const contexts = new Map<string, Context>();
  const contextOf = (side: Side): Context => {
    let context = contexts.get(side.name);
    if (!context) {
      context = { tokens: {}, ids: {}, values: {} };
      contexts.set(side.name, context);
    }
    return context;
  };

  it.each(TABLE.map((step) => [step.name, step] as const))('%s', async (_name, step) => {
    const answers = new Map<Side, Answer>();
    for (const side of [fake, real]) answers.set(side, await send(step, side, contextOf(side)));
    // Each side keeps its ids before any check, so one disagreement does not break every later step.
    for (const [side, answer] of answers) {
      if (answer.status < 300)
        (step.keep as ((context: Context, body: unknown) => void) | undefined)?.(
          contextOf(side),
          answer.body,
        );
    }
    const fakeAnswer = answers.get(fake) as Answer;
    const realAnswer = answers.get(real) as Answer;
    const problems = [...check(step, fake, fakeAnswer), ...check(step, real, realAnswer)];
    if (fakeAnswer.status !== realAnswer.status) {
      problems.push(`statuses differ: fake ${fakeAnswer.status}, real ${realAnswer.status}`);
    }
    const codeOf = (answer: Answer) => (answer.body as { code?: unknown } | undefined)?.code;
    if (fakeAnswer.status >= 400 && codeOf(fakeAnswer) !== codeOf(realAnswer)) {
      problems.push(`codes differ: fake ${String(codeOf(fakeAnswer))}, real ${String(codeOf(realAnswer))}`);
    }
    // Both sides fill the code's text the same way: the same params (VALIDATION_FAILED's field, ...), a 429's
    // retryAfter equal to its Retry-After header, and an ISO instant as ACCOUNT_BLOCKED's until (each side's clock
    // reads its own millisecond).
    const paramsOf = (answer: Answer) =>
      (answer.body as { params?: Record<string, unknown> } | undefined)?.params;
    if (fakeAnswer.status >= 400 && codeOf(fakeAnswer) === codeOf(realAnswer)) {
      const [fakeParams, realParams] = [paramsOf(fakeAnswer), paramsOf(realAnswer)];
      const instant = (value: unknown) =>
        typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)
          ? 'instant'
          : value;
      const comparable = (params: Record<string, unknown> | undefined) =>
        JSON.stringify(
          params && {
            ...params,
            ...('retryAfter' in params ? { retryAfter: 'seconds' } : {}),
            ...('until' in params ? { until: instant(params.until) } : {}),
          },
        );
      if (comparable(fakeParams) !== comparable(realParams)) {
        problems.push(
          `params differ: fake ${JSON.stringify(fakeParams)}, real ${JSON.stringify(realParams)}`,
        );
      }
    }
    for (const [side, answer] of answers) {
      const retryAfter = paramsOf(answer)?.retryAfter;
      if (answer.status === 429 && String(retryAfter) !== answer.retryAfter) {
        problems.push(
          `${side.name}: params.retryAfter ${String(retryAfter)}, Retry-After ${answer.retryAfter}`,
        );
      }
    }
    if (step.expect.binary !== undefined && fakeAnswer.bytes !== realAnswer.bytes) {
      problems.push(`byte counts differ: fake ${fakeAnswer.bytes}, real ${realAnswer.bytes}`);
    }
    if (problems.length === 0 && step.same) {
      const project = step.same as (body: unknown) => unknown;
      expect(project(fakeAnswer.body), 'the meaning both sides must share').toEqual(project(realAnswer.body));
    }
    expect(problems).toEqual([]);
  });
});

import {
  SUPPORT_MESSAGES_PER_MINUTE,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  supportVisitorIssuedSchema,
} from '@qoltanba/core';
import { refused, type Step } from '../table-support';

// Refusals whose texts have placeholders: both sides send the values as `params` (VALIDATION_FAILED's field is
// compared in every refusal of the table), and a 429 also as Retry-After, equal to params.retryAfter.

const VISITOR = 'rate-limited visitor';

/** Refusals carrying the values of their texts. */
export const errorParamSteps: Step[] = [
  {
    name: 'error params: a new visitor for the rate limit',
    request: () => ({ method: 'POST', path: SUPPORT_PATHS.visitors }),
    expect: { status: 201, schema: supportVisitorIssuedSchema },
    keep: (context, body: { visitorToken: string }) => {
      context.values[VISITOR] = body.visitorToken;
    },
  },
  {
    name: 'error params: the message over the per-minute limit is refused with retryAfter and Retry-After',
    request: async (context, side) => {
      const headers = {
        [SUPPORT_VISITOR_HEADER]: context.values[VISITOR] ?? 'qv_none',
        'content-type': 'application/json',
      };
      for (let sent = 0; sent < SUPPORT_MESSAGES_PER_MINUTE; sent += 1) {
        const answer = await side.fetch(SUPPORT_PATHS.myMessages, {
          method: 'POST',
          headers,
          body: JSON.stringify({ text: `Сообщение ${sent + 1}` }),
        });
        if (answer.status !== 201)
          throw new Error(`${side.name}: message ${sent + 1} answered ${answer.status}`);
      }
      return {
        method: 'POST',
        path: SUPPORT_PATHS.myMessages,
        headers: { [SUPPORT_VISITOR_HEADER]: headers[SUPPORT_VISITOR_HEADER] },
        json: { text: 'Ещё одно' },
      };
    },
    expect: refused('RATE_LIMITED'),
    same: (body: { params?: { retryAfter?: unknown } }) => typeof body.params?.retryAfter,
  },
];

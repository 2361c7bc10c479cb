import { describe, expect, it } from 'vitest';
import { errorStatus } from './error-message';
import { errorCodeForStatus } from './status-code';

describe('errorCodeForStatus', () => {
  it('maps statuses, falling back by class', () => {
    expect([0, 400, 404, 409, 413, 429, 500, 504].map(errorCodeForStatus)).toEqual([
      'NETWORK_ERROR',
      'BAD_REQUEST',
      'NOT_FOUND',
      'BAD_REQUEST',
      'PAYLOAD_TOO_LARGE',
      'RATE_LIMITED',
      'INTERNAL_ERROR',
      'INTERNAL_ERROR',
    ]);
  });

  it('is the inverse of errorStatus for the transport codes', () => {
    for (const status of [400, 401, 403, 404, 405, 413, 415, 429, 503]) {
      expect(errorStatus(errorCodeForStatus(status))).toBe(status);
    }
  });
});

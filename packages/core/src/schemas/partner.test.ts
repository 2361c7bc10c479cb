import { describe, expect, it } from 'vitest';
import { embedTokenRequestSchema } from './embed';
import { apiKeyInputSchema, normalizeOrigin, originSchema, originsMatch, webhookUrlSchema } from './partner';

const issueOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('origins', () => {
  it.each([
    ['https://partner.kz', 'https://partner.kz'],
    ['HTTPS://Partner.KZ/', 'https://partner.kz'],
    ['https://partner.kz:443', 'https://partner.kz'],
    ['https://shop.partner.kz:8443', 'https://shop.partner.kz:8443'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://127.0.0.1:80', 'http://127.0.0.1'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeOrigin(input)).toBe(expected);
  });

  it.each([
    'http://partner.kz',
    'https://partner.kz/path',
    'https://partner.kz?x=1',
    'https://*.partner.kz',
    '*',
    'ftp://partner.kz',
    'https://',
    'https://partner.kz:99999',
    'https://-bad-.kz',
    'partner.kz',
  ])('refuses %s with ORIGIN_INVALID', (input) => {
    expect(normalizeOrigin(input)).toBeUndefined();
    expect(issueOf(originSchema.safeParse(input))).toBe('ORIGIN_INVALID');
  });
});

describe('webhook URLs', () => {
  it('accepts https with a path and query, and http on loopback only', () => {
    expect(webhookUrlSchema.safeParse('https://partner.kz/hooks/qoltanba?x=1').success).toBe(true);
    expect(webhookUrlSchema.safeParse('http://127.0.0.1:9000/hook').success).toBe(true);
    expect(issueOf(webhookUrlSchema.safeParse('http://partner.kz/hook'))).toBe('WEBHOOK_URL_INVALID');
    expect(issueOf(webhookUrlSchema.safeParse('javascript:alert(1)'))).toBe('WEBHOOK_URL_INVALID');
  });
});

describe('API key input', () => {
  it('deduplicates normalised origins and keeps 1 to 10', () => {
    const parsed = apiKeyInputSchema.parse({
      name: ' Shop ',
      allowedOrigins: ['https://a.kz', 'https://A.kz/'],
    });
    expect(parsed).toEqual({ name: 'Shop', allowedOrigins: ['https://a.kz'] });
    expect(apiKeyInputSchema.safeParse({ name: 'x', allowedOrigins: [] }).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => `https://a${i}.kz`);
    expect(apiKeyInputSchema.safeParse({ name: 'x', allowedOrigins: eleven }).success).toBe(false);
    expect(apiKeyInputSchema.safeParse({ name: '', allowedOrigins: ['https://a.kz'] }).success).toBe(false);
  });
});

describe('embed token request', () => {
  it('needs a document for sign and status and a signer for sign', () => {
    expect(embedTokenRequestSchema.parse({ purpose: 'verify' }).ttlSeconds).toBe(300);
    expect(embedTokenRequestSchema.safeParse({ purpose: 'status', documentId: 4 }).success).toBe(true);
    expect(embedTokenRequestSchema.safeParse({ purpose: 'status' }).success).toBe(false);
    expect(embedTokenRequestSchema.safeParse({ purpose: 'sign', documentId: 4 }).success).toBe(false);
    expect(
      embedTokenRequestSchema.safeParse({ purpose: 'sign', documentId: 4, signer: '123456789012' }).success,
    ).toBe(true);
  });

  it('keeps the life between one and fifteen minutes', () => {
    expect(embedTokenRequestSchema.safeParse({ purpose: 'verify', ttlSeconds: 59 }).success).toBe(false);
    expect(embedTokenRequestSchema.safeParse({ purpose: 'verify', ttlSeconds: 901 }).success).toBe(false);
  });
});

describe('originsMatch', () => {
  it('is exact unless loopback spellings are alike (development), and then only for one scheme and port', () => {
    expect(originsMatch('http://127.0.0.1:8080', 'http://localhost:8080')).toBe(false);
    const alike = { loopbackAlike: true };
    expect(originsMatch('http://127.0.0.1:8080', 'http://localhost:8080', alike)).toBe(true);
    expect(originsMatch('http://[::1]:8080', 'http://127.0.0.1:8080', alike)).toBe(true);
    expect(originsMatch('http://127.0.0.1:8081', 'http://localhost:8080', alike)).toBe(false);
    expect(originsMatch('https://localhost:8080', 'http://localhost:8080', alike)).toBe(false);
    expect(originsMatch('https://evil.kz', 'https://localhost', alike)).toBe(false);
  });
});

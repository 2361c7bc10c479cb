import { describe, expect, it } from 'vitest';
import { startHttpRecorder } from './http-recorder.js';

describe('HTTP recorder', () => {
  it('answers 500 when respond throws, instead of leaving the request hanging', async () => {
    const recorder = await startHttpRecorder((request) => {
      if (request.url === '/broken') throw new Error('no answer for this');
      return { json: { ok: true } };
    });
    try {
      const broken = await fetch(`${recorder.origin}/broken`);
      expect(broken.status).toBe(500);
      expect(await broken.json()).toEqual({ error: 'Error: no answer for this' });
      // The recorder still serves the next request.
      const fine = await fetch(`${recorder.origin}/fine`);
      expect(fine.status).toBe(200);
      expect(await fine.json()).toEqual({ ok: true });
      expect(recorder.requests.map((request) => request.url)).toEqual(['/broken', '/fine']);
    } finally {
      await recorder.close();
    }
  });
});

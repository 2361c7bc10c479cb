import { describe, expect, it } from 'vitest';
import { startSmtpSink } from './smtp-sink.js';

describe('SMTP sink', () => {
  it('rejects a pending next() with a clear message when it closes', async () => {
    const sink = await startSmtpSink();
    const pending = sink.next();
    await sink.close();
    await expect(pending).rejects.toThrow('the SMTP sink closed before a message arrived');
    await expect(sink.next()).rejects.toThrow('the SMTP sink closed before a message arrived');
  });

  it('close() resolves once the server has closed, and again when called twice', async () => {
    const sink = await startSmtpSink();
    const closing = sink.close();
    expect(closing).toBeInstanceOf(Promise);
    await expect(closing).resolves.toBeUndefined();
    await expect(sink.close()).resolves.toBeUndefined();
  });
});

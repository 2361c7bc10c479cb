import { SIGNING_PATHS } from '@qoltanba/core';
import { compile } from '../fakeHttp';
import { withoutId } from './qrSessions';
import type { FakeQrSession } from './records';

// An EventSource on the fake (the sdk's QR follower opens one): it plays the events of the QR session its URL
// names as they happen, resumes after `lastEventId`, and lets a test drop the stream.

/** An event stream of the fake (the part of EventSource the sdk uses, plus a test control). */
export interface FakeEventSource {
  readonly url: string;
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string; lastEventId: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
  /** The server drops the stream (the browser would not reconnect after this). */
  drop(): void;
}

/** The EventSource class of a fake on `baseUrl` with these QR sessions, and the streams it has open. */
export function createQrEventSources(baseUrl: string, sessions: ReadonlyMap<string, FakeQrSession>) {
  /** An EventSource on this fake: it plays the events of the QR session its URL names, as the server would. */
  class PlayedEventSource implements FakeEventSource {
    readonly url: string;
    readyState = 0;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string; lastEventId: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    sent = 0;
    readonly listener = () => this.flush();
    session: FakeQrSession | undefined;

    constructor(url: string) {
      this.url = url;
      const { pattern } = compile(`${baseUrl}${SIGNING_PATHS.qrSigningEvents}`);
      const sessionId = pattern.exec(url.split('?')[0] ?? '')?.[1];
      const lastEventId = new URL(url).searchParams.get('lastEventId');
      this.session = sessions.get(decodeURIComponent(sessionId ?? ''));
      this.sent = lastEventId ? Number(lastEventId) : 0;
      openSources.add(this);
      queueMicrotask(() => this.connect());
    }

    connect(): void {
      if (this.readyState === 2) return;
      if (!this.session) {
        this.readyState = 2;
        this.onerror?.({ type: 'error' });
        return;
      }
      this.readyState = 1;
      this.onopen?.({ type: 'open' });
      this.session.listeners.add(this.listener);
      this.flush();
    }

    flush(): void {
      const events = this.session?.events ?? [];
      while (this.readyState === 1 && this.sent < events.length) {
        const event = events[this.sent];
        this.sent += 1;
        if (event) this.onmessage?.({ data: JSON.stringify(withoutId(event)), lastEventId: event.id });
      }
    }

    drop(): void {
      this.session?.listeners.delete(this.listener);
      this.readyState = 2;
      this.onerror?.({ type: 'error' });
    }

    close(): void {
      this.readyState = 2;
      this.session?.listeners.delete(this.listener);
      openSources.delete(this);
    }
  }
  const openSources = new Set<FakeEventSource>();
  const EventSource: new (url: string) => FakeEventSource = PlayedEventSource;
  return { EventSource, openEventSources: () => [...openSources] };
}

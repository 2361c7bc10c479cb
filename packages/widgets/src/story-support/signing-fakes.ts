import type { ErrorCode, QrSigningSession, QrSigningState } from '@qoltanba/core';
import {
  ApiError,
  type QrSigningFollower,
  type QrSigningFollowState,
  type SigningProgress,
} from '@qoltanba/sdk';
import { atom } from 'nanostores';
import type { SignPanelActions } from '../sign-panel/SignPanel';

// Stand-ins for the sdk's signing calls in stories and tests: a QR session whose states a script plays, and
// NCALayer signing that reports progress.

/** A QR session as the server gives it, expiring `ttlMs` from now. */
export function sampleQrSession(ttlMs = 5 * 60 * 1000): QrSigningSession {
  const api1 = 'https://qoltanba.kz/proxy/documents-interceptor.bpmn/api/v1/egov-mobile/qr-1';
  return {
    sessionId: 'qr-1',
    qrPayload: `mobileSign:${api1}`,
    deepLink: `https://mgovsign.page.link/?link=${encodeURIComponent(api1)}`,
    eventsUrl: '/proxy/documents-interceptor.bpmn/api/v1/qr-signing/qr-1/events',
    expiresAt: new Date(Date.now() + ttlMs).toISOString(),
  };
}

/** A follower driven by hand: `drive(state, code)` plays the next server event. */
export function scriptedFollower() {
  const store = atom<QrSigningFollowState>({
    state: 'WAITING',
    errorCode: undefined,
    final: false,
    connection: 'open',
  });
  let finish: (value: QrSigningFollowState) => void = () => undefined;
  const done = new Promise<QrSigningFollowState>((resolve) => {
    finish = resolve;
  });
  const stop = () => undefined;
  const follower: QrSigningFollower = Object.assign(store, { stop, done });
  const drive = (state: QrSigningState, errorCode?: ErrorCode) => {
    const final = state === 'SIGNED' || state === 'FAILED' || state === 'EXPIRED';
    store.set({ state, errorCode, final, connection: final ? 'closed' : 'open' });
    if (final) finish(store.get());
  };
  return { follower, drive };
}

/** Actions for the sign panel and QR dialog; `script` plays QR states after the code is shown. */
export function fakeSigningActions(options: {
  ncaLayer?: 'signed' | 'cancelled' | ErrorCode;
  qr?: Array<[QrSigningState, ErrorCode?]>;
  stepMs?: number;
  files?: number;
}): SignPanelActions {
  const stepMs = options.stepMs ?? 700;
  const files = options.files ?? 2;
  const later = () => new Promise((resolve) => setTimeout(resolve, stepMs));
  return {
    async signWithNcaLayer(onProgress: (progress: SigningProgress) => void) {
      for (let done = 0; done < files; done += 1) {
        onProgress({ phase: 'downloading', done, total: files });
        await later();
      }
      onProgress({ phase: 'signing', total: files });
      await later();
      const outcome = options.ncaLayer ?? 'signed';
      if (outcome !== 'signed' && outcome !== 'cancelled') throw new ApiError(0, outcome, outcome);
      if (outcome === 'signed') onProgress({ phase: 'sending', total: files });
      return outcome;
    },
    start: async () => sampleQrSession(),
    follow: () => {
      const { follower, drive } = scriptedFollower();
      const steps = options.qr ?? [];
      void (async () => {
        for (const [state, code] of steps) {
          await later();
          drive(state, code);
        }
      })();
      return follower;
    },
  };
}

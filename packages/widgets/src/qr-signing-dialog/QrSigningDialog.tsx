import type { QrSigningSession } from '@qoltanba/core';
import type { QrSigningFollower, QrSigningFollowState } from '@qoltanba/sdk';
import { type JSX, useEffect, useRef, useState } from 'react';
import { button } from '../documents-common';
import { useLang } from '../documents-common/lang';
import { ModalDialog, QrCode, SigningFailure, signingT } from '../signing-common';
import { deepLink, statusLine } from '../signing-common/signing.css';

/** How the dialog opens and follows a session; the portal binds them to a document or a personal link. */
export interface QrSigningActions {
  /** Opens a new eGov mobile QR session (sdk `startQrSigning` or `startQrSigningByLink`). */
  start(): Promise<QrSigningSession>;
  /** Follows it until a final state (sdk `followQrSigning`). */
  follow(session: QrSigningSession): QrSigningFollower;
}

/** Props of {@link QrSigningDialog}. */
export interface QrSigningDialogProps {
  actions: QrSigningActions;
  onClose: () => void;
  /** Called once when eGov mobile has signed. */
  onSigned?: () => void;
  /** Clock for the countdown, epoch ms. */
  now?: () => number;
  /** Where a failure's explanation is (the portal's help page on eGov mobile); no link when absent. */
  helpHref?: string;
}

type Attempt =
  | { kind: 'starting' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'following'; session: QrSigningSession; follow: QrSigningFollowState };

const WAITING: QrSigningFollowState = {
  state: 'WAITING',
  errorCode: undefined,
  final: false,
  connection: 'connecting',
};

/** Minutes and seconds left, `m:ss`. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function useCountdown(expiresAt: string | undefined, now: () => number): number | undefined {
  const [left, setLeft] = useState<number>();
  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => setLeft(Math.max(0, Date.parse(expiresAt) - now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, now]);
  return expiresAt ? left : undefined;
}

/**
 * Signing with eGov mobile: opens a QR session, shows its code (and, on phones, a link that opens the app),
 * counts down to its expiry and follows its state live (a polite live region) until signed, failed or
 * expired ("The QR signing timeout was exceeded"); "New QR code" starts over.
 *
 * @example <QrSigningDialog actions={{ start: () => startQrSigning(id), follow: followQrSigning }} onClose={close} />
 */
export function QrSigningDialog({
  actions,
  onClose,
  onSigned,
  now = Date.now,
  helpHref,
}: QrSigningDialogProps): JSX.Element {
  const lang = useLang();
  const t = signingT(lang);
  const [round, setRound] = useState(0);
  const [attempt, setAttempt] = useState<Attempt>({ kind: 'starting' });
  const signedReported = useRef(false);
  const latest = useRef({ actions, onSigned });
  latest.current = { actions, onSigned };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (retry) starts a new session
  useEffect(() => {
    let live = true;
    let follower: QrSigningFollower | undefined;
    let unsubscribe: (() => void) | undefined;
    setAttempt({ kind: 'starting' });
    latest.current.actions.start().then(
      (session) => {
        if (!live) return;
        follower = latest.current.actions.follow(session);
        unsubscribe = follower.subscribe((follow) => {
          setAttempt({ kind: 'following', session, follow });
          if (follow.state === 'SIGNED' && !signedReported.current) {
            signedReported.current = true;
            latest.current.onSigned?.();
          }
        });
      },
      (error: unknown) => {
        if (live) setAttempt({ kind: 'failed', error });
      },
    );
    return () => {
      live = false;
      unsubscribe?.();
      follower?.stop();
    };
  }, [round]);

  const session = attempt.kind === 'following' ? attempt.session : undefined;
  const follow = attempt.kind === 'following' ? attempt.follow : WAITING;
  const left = useCountdown(session?.expiresAt, now);
  const ended = attempt.kind === 'failed' || follow.state === 'FAILED' || follow.state === 'EXPIRED';
  // A failed start keeps its error (its text carries the values the server sent); the follower's ends are codes.
  const failure: unknown =
    attempt.kind === 'failed'
      ? attempt.error
      : follow.state === 'EXPIRED'
        ? 'QR_SIGNING_TIMEOUT'
        : follow.state === 'FAILED'
          ? (follow.errorCode ?? 'FILE_SIGN_FAILED')
          : undefined;

  const status =
    attempt.kind === 'starting'
      ? t('qr.starting')
      : follow.state === 'WAITING' || follow.state === 'FETCHED' || follow.state === 'SIGNED'
        ? t(`qr.${follow.state}`)
        : '';

  return (
    <ModalDialog title={t('qr.title')} closeLabel={t('close')} onClose={onClose}>
      {session && !ended && follow.state !== 'SIGNED' ? (
        <>
          <p className={statusLine}>{t('qr.scan')}</p>
          <QrCode text={session.qrPayload} label={t('qr.image')} />
          <a className={`${button.primary} ${deepLink}`} href={session.deepLink}>
            {t('qr.openApp')}
          </a>
          {left !== undefined ? (
            <p className={statusLine}>{t('qr.expiresIn', { time: formatCountdown(left) })}</p>
          ) : null}
        </>
      ) : null}
      <p role="status" aria-live="polite" className={statusLine}>
        {status}
        {follow.connection === 'reconnecting' && !follow.final ? ` ${t('qr.reconnecting')}` : ''}
      </p>
      {failure !== undefined ? <SigningFailure error={failure} helpHref={helpHref} /> : null}
      {ended ? (
        <button type="button" className={button.primary} onClick={() => setRound((value) => value + 1)}>
          {t('qr.retry')}
        </button>
      ) : null}
      <button type="button" className={button.secondary} onClick={onClose}>
        {follow.state === 'SIGNED' ? t('close') : t('cancel')}
      </button>
    </ModalDialog>
  );
}

/**
 * A guess (a password or a one-time code) counted before it is checked, as the reserve step answers it.
 * Password and code lockouts share it.
 */
export type CountedAttempt =
  /** Locked until then: do not check the guess. */
  | { allowed: false; until: Date }
  /** Check the guess. `lockUntil` is set on the last allowed attempt: the lock already holds. */
  | { allowed: true; lockUntil: Date | undefined };

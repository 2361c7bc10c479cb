import { LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '@qoltanba/core';

// The server's lockout policy as its one client (the page under test) sees it: wrong guesses of a method in a
// row block that method for 15 minutes; methods are counted apart, so code login stays open while passwords
// are blocked. The server's slow-down of all clients is seeded instead (`FakeAccount.slowedDownFor`).

/** What a login method's failures are counted for: `password:<user>`, or `<purpose>:<contact>` for codes. */
export type LockoutKey = string;

/** Failures in a row and blocks per method, on the fake's clock. */
export function createFakeLockouts(now: () => Date) {
  const failures = new Map<LockoutKey, number>();
  const blockedUntil = new Map<LockoutKey, Date>();
  return {
    /** The end of the block of `key` as an ISO instant while it holds; undefined otherwise. */
    blocked(key: LockoutKey): string | undefined {
      const until = blockedUntil.get(key);
      return until && until > now() ? until.toISOString() : undefined;
    },
    /** Counts a wrong guess; answers the block's end when this one blocked the method. */
    failed(key: LockoutKey): string | undefined {
      const count = (failures.get(key) ?? 0) + 1;
      if (count < LOGIN_MAX_FAILURES) {
        failures.set(key, count);
        return undefined;
      }
      failures.delete(key);
      const until = new Date(now().getTime() + LOGIN_LOCK_SECONDS * 1000);
      blockedUntil.set(key, until);
      return until.toISOString();
    },
    /** A right guess (or a recovery) starts the count over and lifts the block. */
    cleared(key: LockoutKey): void {
      failures.delete(key);
      blockedUntil.delete(key);
    },
  };
}

/** The fake's lockouts (see {@link createFakeLockouts}). */
export type FakeLockouts = ReturnType<typeof createFakeLockouts>;

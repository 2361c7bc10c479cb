import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { classifyError, retryAfterOf } from '../http/error-reply.js';
import {
  asDatabaseUnavailable,
  DatabaseUnavailableError,
  failingClearlyPool,
  isConnectionFailure,
} from './connection-failure.js';

/** An error as pg's DatabaseError carries it: a SQLSTATE code and a severity. */
function databaseError(code: string, message = 'x'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('isConnectionFailure', () => {
  it('knows a dead, refused or timed-out connection', () => {
    expect(
      isConnectionFailure(databaseError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isConnectionFailure(databaseError('57P02'))).toBe(true);
    expect(isConnectionFailure(databaseError('57P03'))).toBe(true);
    expect(isConnectionFailure(databaseError('08006'))).toBe(true);
    expect(isConnectionFailure(databaseError('53300'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isConnectionFailure(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
    const refusedEverywhere = new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]);
    expect(isConnectionFailure(refusedEverywhere)).toBe(true);
    expect(isConnectionFailure(new Error('wrapped', { cause: databaseError('57P01') }))).toBe(true);
  });

  it('leaves errors of the query itself alone', () => {
    expect(isConnectionFailure(databaseError('23505', 'duplicate key'))).toBe(false);
    expect(isConnectionFailure(databaseError('40001', 'could not serialize'))).toBe(false);
    expect(isConnectionFailure(databaseError('26000', 'prepared statement does not exist'))).toBe(false);
    // A SQLSTATE-like code without a severity is not the database's.
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: '08006' }))).toBe(false);
    expect(isConnectionFailure(new Error('boom'))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
    expect(isConnectionFailure('Connection terminated')).toBe(false);
  });
});

describe('DatabaseUnavailableError over HTTP', () => {
  it('is a 503 DATABASE_UNAVAILABLE with Retry-After, never a 500', () => {
    const reply = classifyError(asDatabaseUnavailable(databaseError('57P01')));
    expect(reply).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      status: 503,
      params: { retryAfter: 5 },
      unexpected: true,
    });
    expect(retryAfterOf(reply)).toBe('5');
  });

  it('wraps only connection failures, once', () => {
    const duplicate = databaseError('23505');
    expect(asDatabaseUnavailable(duplicate)).toBe(duplicate);
    const wrapped = asDatabaseUnavailable(databaseError('57P01'));
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect(asDatabaseUnavailable(wrapped)).toBe(wrapped);
  });
});

describe('failingClearlyPool', () => {
  function pool(behaviour: { connect?: Error; query?: Error }): PostgresPool {
    const client: PostgresPoolClient = {
      query: (async () => {
        if (behaviour.query) throw behaviour.query;
        return { command: 'SELECT', rowCount: 0, rows: [] };
      }) as unknown as PostgresPoolClient['query'],
      release: () => undefined,
    };
    return {
      connect: async () => {
        if (behaviour.connect) throw behaviour.connect;
        return client;
      },
      end: async () => undefined,
    };
  }

  it('turns a refused connect and a dropped query into DatabaseUnavailableError, other errors pass', async () => {
    const refused = failingClearlyPool(
      pool({ connect: Object.assign(new Error('c'), { code: 'ECONNREFUSED' }) }),
    );
    await expect(refused.connect()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const dropped = await failingClearlyPool(pool({ query: databaseError('57P01') })).connect();
    await expect(dropped.query('select 1', [])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const duplicate = databaseError('23505');
    const failing = await failingClearlyPool(pool({ query: duplicate })).connect();
    await expect(failing.query('insert', [])).rejects.toBe(duplicate);
  });

  it('gives kysely the same wrapper for the same client (it keys its connections on it)', async () => {
    const wrapped = failingClearlyPool(pool({}));
    expect(await wrapped.connect()).toBe(await wrapped.connect());
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegistryEntry } from '@qoltanba/core';
import { createFakeServer, FAKE_BASE_URL, FAKE_CODE, type FakeRegisterParty } from '@qoltanba/sdk/testing';
import { createApp, loadConfig, runAdmin } from '@qoltanba/server';

/** One server the shared table runs against: how to send a request and where its one-time codes go. */
export interface Side {
  name: 'fake' | 'real';
  /** Sends a request to a path of the API (the same fetch contract on both sides). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The newest one-time code sent to an e-mail address or phone number. */
  latestCode(recipient: string): Promise<string>;
  /** Makes the account with this e-mail a support operator, as the server's admin command does. */
  grantSupportOperator(email: string): Promise<void>;
  close(): Promise<void>;
}

const party = (
  entry: Omit<RegistryEntry, 'shortNameRu' | 'shortNameKk'>,
  phone?: string,
): FakeRegisterParty => ({
  entry: { ...entry, shortNameRu: null, shortNameKk: null },
  ...(phone ? { phone } : {}),
});

/**
 * Parties of the server's local registers (`FIXTURE_PARTIES` of its registry module, which its public entry
 * does not export) that the table attaches or looks up; the fake's register gets the same ones. A party the
 * server does not know would fail the attach steps on the real side, so a drift shows.
 */
export const PARTIES = {
  /** An individual: user A's company. */
  individual: party(
    {
      bin: '920715401122',
      kind: 'individual',
      nameRu: 'Ахметов Данияр Ерланович',
      nameKk: 'Ахметов Данияр Ерланұлы',
    },
    '+77027654321',
  ),
  /** A sole proprietor: user B's company. */
  soleProprietor: party(
    {
      bin: '850312300459',
      kind: 'sole_proprietor',
      nameRu: 'ИП «Бекова Айгерим Сериковна»',
      nameKk: '«Бекова Айгерим Серікқызы» ЖК',
    },
    '+77011234567',
  ),
  /** A legal entity: cannot be attached by IIN. */
  legal: party({
    bin: '990340005977',
    kind: 'legal',
    nameRu: 'ТОО «Альфа Логистик»',
    nameKk: '«Альфа Логистик» ЖШС',
  }),
} as const;

/** The sdk's fake server, with the same register parties as the real one. */
export function fakeSide(): Side {
  const server = createFakeServer({ register: Object.values(PARTIES) });
  return {
    name: 'fake',
    fetch: (path, init) => server.fetch(`${FAKE_BASE_URL}${path}`, init),
    latestCode: async () => FAKE_CODE,
    grantSupportOperator: async (email) => server.support.grantOperator(email),
    close: async () => undefined,
  };
}

interface OutboxMessage {
  id: number;
  recipient: string;
  body: string;
}

/**
 * The real server through its public entry (`createApp`), on PGlite in a temporary data folder, listening on
 * a free local port; one-time codes are read from its dev outbox, as a developer would.
 */
export async function realSide(): Promise<Side> {
  const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-contract-'));
  const missing = join(dataDir, 'not-built');
  const { config } = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    QOLTANBA_DATA_DIR: dataDir,
    QOLTANBA_PORTAL_DIR: missing,
    QOLTANBA_WIDGETS_DIR: missing,
    // Every request of the table comes from one address: the global per-IP limit must not answer 429.
    RATE_LIMIT_MAX: '100000',
  });
  const server = await createApp(config, {
    logStream: { write: () => undefined },
    // Never the network's DNS: every name a webhook URL gives answers one public address.
    resolveHost: async () => [{ address: '93.184.215.14', family: 4 }],
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server did not listen on a port');
  const base = `http://127.0.0.1:${address.port}`;
  const side: Side = {
    name: 'real',
    fetch: (path, init) => fetch(`${base}${path}`, init),
    async latestCode(recipient) {
      const response = await side.fetch(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const newest = messages.reduce<OutboxMessage | undefined>(
        (best, message) => (best === undefined || message.id > best.id ? message : best),
        undefined,
      );
      const code = newest?.body.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`no code in the dev outbox for ${recipient}`);
      return code;
    },
    async grantSupportOperator(email) {
      // The admin command an operator's role is granted with, on the running server's own database.
      const errors: string[] = [];
      const io = {
        stdout: { write: () => undefined },
        stderr: {
          write: (text: string) => {
            errors.push(text);
          },
        },
      };
      const code = await runAdmin(['support-operator', 'grant', email], {}, io, {
        database: server.services.database,
      });
      if (code !== 0) throw new Error(`the admin command refused to grant ${email}: ${errors.join('')}`);
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return side;
}

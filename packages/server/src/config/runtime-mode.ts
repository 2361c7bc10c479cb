import type { Config } from './config.js';

/** The start-up log line that says which mode runs: `warn` whenever a development convenience is on. */
export interface RuntimeModeLine {
  level: 'info' | 'warn';
  message: string;
  /** The development conveniences that are on (empty in a production start). */
  conveniences: string[];
}

/** The development conveniences a configuration turns on, each said so an operator sees what it exposes. */
export function developmentConveniences(config: Config): string[] {
  return [
    config.devOutbox &&
      'dev outbox at /dev/outbox (every e-mail and SMS, codes included, readable by anyone)',
    config.devSigner && 'development signer with test keys',
    config.identityTestMode && 'NCA test IIN/BIN numbers accepted',
    config.webhookTargets.allowPrivate && 'webhooks to private and loopback addresses allowed',
    !config.webhookTargets.requireHttps && 'plain http webhook targets allowed',
    config.tokenSecretGenerated && 'token secret not configured (generated, or kept in the data folder)',
    config.databaseUrl === undefined && `embedded PGlite database in ${config.dataDir}`,
  ].filter((item): item is string => typeof item === 'string');
}

/**
 * Describes the runtime mode for the start-up log: production is an info line, development and test a warning that
 * lists what is on, so a server started without NODE_ENV=production by mistake cannot go unnoticed.
 */
export function runtimeModeLine(config: Config): RuntimeModeLine {
  const conveniences = developmentConveniences(config);
  if (config.env === 'production' && conveniences.length === 0) {
    return { level: 'info', message: 'running in PRODUCTION mode', conveniences };
  }
  const mode = config.env.toUpperCase();
  const advice =
    config.env === 'production'
      ? 'check that each is intended'
      : 'never expose this server to the internet; unset NODE_ENV (production) for a real deployment';
  return {
    level: 'warn',
    message: `running in ${mode} mode with development conveniences on: ${conveniences.join('; ')}; ${advice}`,
    conveniences,
  };
}

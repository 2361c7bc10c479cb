import type { Config } from '../config/config.js';
import { type EnvValues, envText } from '../config/env-fields.js';

/** The metrics endpoint's variables: off unless an address is given; a token, when set, is required to scrape. */
export const metricsEnv = {
  QOLTANBA_METRICS_LISTEN: envText(),
  QOLTANBA_METRICS_TOKEN: envText(),
};

/** The metrics settings of {@link metricsEnv}'s values; throws an Error naming the variable when malformed. */
export function metricsSettings(e: EnvValues<typeof metricsEnv>): Pick<Config, 'metrics'> {
  const listen = e.QOLTANBA_METRICS_LISTEN?.trim();
  if (listen === undefined) return { metrics: { listen: null, token: e.QOLTANBA_METRICS_TOKEN ?? null } };
  const match = /^(.+):(\d{1,5})$/.exec(listen);
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match?.[1] || port > 65535) {
    throw new Error(
      `QOLTANBA_METRICS_LISTEN: expected host:port (e.g. 127.0.0.1:9464), got ${JSON.stringify(listen)}`,
    );
  }
  // [::1]:9464 names an IPv6 host in brackets, as URLs write it.
  const host = match[1].replace(/^\[(.*)\]$/, '$1');
  return { metrics: { listen: { host, port }, token: e.QOLTANBA_METRICS_TOKEN ?? null } };
}

/** Where a test server listens and keeps its data. */
export interface ServerPlace {
  port: number;
  /** The development signer's port (the NCALayer emulator the server starts). */
  devSignerPort: number;
  dataDir: string;
}

/**
 * The settings of a server the browser tests run against: the suite's own (playwright.config.ts's webServer) and a
 * spec's server of its own (tests/company-admin.ts's `startServer`) start the built server with these.
 */
export function testServerEnv({ port, devSignerPort, dataDir }: ServerPlace): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    // E-mailed links and eGov mobile's API #1 address point where the tests reach the server.
    QOLTANBA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    QOLTANBA_DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Registrations hash passwords at scrypt N=2^10 (milliseconds), a cost only NODE_ENV=test accepts.
    QOLTANBA_PASSWORD_SCRYPT_COST: '10',
    // The NCALayer emulator with the NCA RK TEST keys of ../shared/pki (QOLTANBA_PKI_DIR), trusted by the server.
    QOLTANBA_DEV_SIGNER: 'true',
    QOLTANBA_DEV_SIGNER_PORT: String(devSignerPort),
    // Webhook deliveries every second, so embed.spec.ts sees them arrive at its receiver without waiting long.
    QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '1',
    // The examples' webhook receiver listens on 127.0.0.1, a private address NODE_ENV=test otherwise refuses.
    QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true',
    // The whole suite comes from one address within minutes; every portal page now also asks for the help
    // widget's config and a support identity token, which took a run past the default 600 API requests a minute.
    RATE_LIMIT_MAX: '20000',
  };
}

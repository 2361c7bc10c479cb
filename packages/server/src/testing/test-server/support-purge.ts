import { runSupportPurge } from '../../modules/support/index.js';
import type { TestServer } from './start-test-server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the support chat's retention purge as it will run once the retention has passed (the server's clock stays
 * where it is, so tokens stay valid): closed conversations go with their messages, open ones stay.
 */
export async function purgeClosedSupportConversations(server: TestServer): Promise<void> {
  const { config, services } = server.server;
  const later = new Date(server.clock.now().getTime() + (config.supportRetentionDays + 1) * DAY_MS);
  await runSupportPurge(services.database.db, services.blobs, later, {
    retentionDays: config.supportRetentionDays,
  });
}

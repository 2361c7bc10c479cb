import type { TestServer } from './start-test-server.js';
import { seedUser, type WorldUser } from './world.js';

/**
 * Асель Нурланова, a user with no company and no role (as signing up leaves one): not in the seeded world, so a
 * test that needs her adds her with {@link addUser} (a reset forgets her with the rest).
 */
export const NEWCOMER = {
  email: 'asel@example.kz',
  iin: '950101400012',
  firstname: 'Асель',
  lastname: 'Нурланова',
  companies: [],
} as const satisfies WorldUser;

/**
 * Adds `user` to the running server's world (the world's password, their companies attached) and answers
 * their id; sign them in with `server.world.login(user)`.
 */
export function addUser(server: TestServer, user: WorldUser): Promise<string> {
  return seedUser(server.server, user, server.clock.now());
}

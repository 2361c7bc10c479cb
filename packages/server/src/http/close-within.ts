import type { FastifyInstance } from 'fastify';

/**
 * Closes the HTTP side of `app` for a shutdown: it stops accepting connections at once (new requests on open
 * keep-alive connections get 503), event streams end with a retry hint (the app's preClose hook), and requests in
 * flight finish. Those still running after `deadlineMs` have their connections cut, so the process can exit; their
 * database transactions roll back. Answers how many connections were cut.
 */
export async function closeWithin(app: FastifyInstance, deadlineMs: number): Promise<number> {
  const closed = app.close();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'closed') return 0;
  const cut = await new Promise<number>((resolve) =>
    app.server.getConnections((_error, count) => resolve(count)),
  );
  app.log.warn({ deadlineMs, connections: cut }, 'shutdown: requests still running at the deadline, cut');
  app.server.closeAllConnections();
  await closed;
  return cut;
}

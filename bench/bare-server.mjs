// The yardstick of the benchmarks: bare Fastify routes on 127.0.0.1:<port from argv>, in their own process like
// the server. GET /bare answers at once; POST /sink reads any body, discards it and answers 204 (moving the bytes).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, payload, done) => {
  payload.on('data', () => {});
  payload.on('end', () => done(null));
  payload.on('error', done);
});
app.post('/sink', { bodyLimit: 64 * 1024 * 1024 }, async (_request, reply) => reply.code(204).send());
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

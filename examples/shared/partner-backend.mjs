// The partner backend both examples share: plain node, no framework. It keeps the API key (never send it to a
// browser), asks Qoltanba for single-use embed tokens, receives webhooks and checks their signature. Each example's
// server.mjs passes in @qoltanba/core (from its own node_modules) and serves its own page.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/** Content types of the files the examples serve. */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/** The backend's settings, from the environment. */
export function partnerConfig(env = process.env) {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    // Your Qoltanba server: the API's address and the origin the embeds talk to.
    qoltanbaUrl: (env.QOLTANBA_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    // `qk_...`, created by your company's administrator in the Qoltanba portal (shown once).
    apiKey: env.QOLTANBA_API_KEY ?? '',
    // `whsec_...`, shown once next to the API key when it has a webhook URL.
    webhookSecret: env.QOLTANBA_WEBHOOK_SECRET ?? '',
  };
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Sends `body` (JSON unless it is text or bytes) with `type`, never cached. */
export function send(response, status, body, type = 'application/json') {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

/** Sends the file `relative` of the folder `root`, or 404; nothing outside `root`. */
export async function sendFile(response, root, relative) {
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) {
    return send(response, 404, { error: 'not found' });
  }
  try {
    send(response, 200, await readFile(path), TYPES[extname(path)] ?? 'application/octet-stream');
  } catch {
    send(response, 404, { error: 'not found' });
  }
}

/**
 * The partner backend: `POST /api/embed-token` (a token for purpose sign / verify / status / create, asked for with
 * the API key), `POST /webhooks/qoltanba` (kept only when `Qoltanba-Signature` verifies), `GET /api/webhooks` (what
 * arrived), `GET /api/config` (the Qoltanba address, for a page built without it); anything else goes to
 * `servePage(request, response, url)`, the example's own page and files.
 *
 * @param core `{ PARTNER_PATHS, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER }` of `@qoltanba/core`.
 */
export function createPartnerBackend({ core, config = partnerConfig(), servePage }) {
  /** Webhooks received and verified (newest last); a real backend updates its orders here. */
  const received = [];

  async function createEmbedToken(request) {
    const answer = await fetch(`${config.qoltanbaUrl}${core.PARTNER_PATHS.embedTokens}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    return { status: answer.status, body: await answer.json() };
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    try {
      if (request.method === 'POST' && url.pathname === '/api/embed-token') {
        // Your own checks go here: is this visitor the signer of this document?
        const { purpose, documentId, signer } = JSON.parse(
          (await readBody(request)).toString('utf8') || '{}',
        );
        const { status, body } = await createEmbedToken({ purpose, documentId, signer });
        return send(response, status, body);
      }
      if (request.method === 'POST' && url.pathname === '/webhooks/qoltanba') {
        // Verify the exact bytes received, before parsing: re-serialised JSON would not match the signature.
        const raw = await readBody(request);
        const header = request.headers[core.WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
        if (!(await core.verifyWebhookSignature(config.webhookSecret, String(header ?? ''), raw))) {
          return send(response, 400, { error: 'bad signature' });
        }
        received.push(JSON.parse(raw.toString('utf8')));
        return send(response, 204, '');
      }
      if (request.method === 'GET' && url.pathname === '/api/webhooks') return send(response, 200, received);
      if (request.method === 'GET' && url.pathname === '/api/config') {
        return send(response, 200, { qoltanbaUrl: config.qoltanbaUrl });
      }
      if (request.method === 'GET') return await servePage(request, response, url);
      return send(response, 404, { error: 'not found' });
    } catch (error) {
      console.error(error);
      return send(response, 500, { error: 'partner backend failed' });
    }
  });

  return {
    config,
    server,
    listen() {
      server.listen(config.port, config.host, () => {
        console.log(
          `partner page on http://${config.host}:${config.port} (Qoltanba at ${config.qoltanbaUrl})`,
        );
      });
    },
  };
}

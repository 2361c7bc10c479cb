// The partner's backend of the plain-HTML example: plain node, no framework. It keeps the API key (never send it to a
// browser), asks Qoltanba for single-use embed tokens, serves the page and the Qoltanba scripts from the installed
// packages, and receives webhooks, checking their signature with @qoltanba/core's verifyWebhookSignature.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARTNER_PATHS, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '@qoltanba/core';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** Where the installed packages' built files are (`node_modules/@qoltanba/<name>/dist`). */
const distOf = (name) => join(dirname(require.resolve(`@qoltanba/${name}/package.json`)), 'dist');

const config = {
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '127.0.0.1',
  // Your Qoltanba server: the API's address and the origin the embeds talk to.
  qoltanbaUrl: (process.env.QOLTANBA_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
  // `qk_...`, created by your company's administrator in the Qoltanba portal (shown once).
  apiKey: process.env.QOLTANBA_API_KEY ?? '',
  // `whsec_...`, shown once next to the API key when it has a webhook URL.
  webhookSecret: process.env.QOLTANBA_WEBHOOK_SECRET ?? '',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};
/** Webhooks received and verified (newest last); a real backend updates its orders here. */
const received = [];

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function send(response, status, body, type = 'application/json') {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

async function sendFile(response, root, relative) {
  const path = normalize(join(root, relative));
  if (!path.startsWith(root)) return send(response, 404, { error: 'not found' });
  try {
    send(response, 200, await readFile(path), TYPES[extname(path)] ?? 'application/octet-stream');
  } catch {
    send(response, 404, { error: 'not found' });
  }
}

/** Asks Qoltanba for an embed token (purpose sign / verify / status) with the API key; the browser gets only the token. */
async function createEmbedToken(request) {
  const answer = await fetch(`${config.qoltanbaUrl}${PARTNER_PATHS.embedTokens}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  return { status: answer.status, body: await answer.json() };
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  try {
    if (request.method === 'GET' && url.pathname === '/') {
      const page = await readFile(join(here, 'public', 'index.html'), 'utf8');
      return send(response, 200, page.replaceAll('{{QOLTANBA_URL}}', config.qoltanbaUrl), TYPES['.html']);
    }
    if (request.method === 'GET' && url.pathname.startsWith('/vendor/sdk/')) {
      return sendFile(response, distOf('sdk'), url.pathname.slice('/vendor/sdk/'.length));
    }
    if (request.method === 'GET' && url.pathname.startsWith('/vendor/widgets/')) {
      return sendFile(response, distOf('widgets'), url.pathname.slice('/vendor/widgets/'.length));
    }
    if (request.method === 'POST' && url.pathname === '/api/embed-token') {
      // Your own checks go here: is this visitor the signer of this document?
      const { purpose, documentId, signer } = JSON.parse((await readBody(request)).toString('utf8') || '{}');
      const { status, body } = await createEmbedToken({ purpose, documentId, signer });
      return send(response, status, body);
    }
    if (request.method === 'POST' && url.pathname === '/webhooks/qoltanba') {
      // Verify the exact bytes received, before parsing: re-serialised JSON would not match the signature.
      const raw = await readBody(request);
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
      if (!(await verifyWebhookSignature(config.webhookSecret, String(header ?? ''), raw))) {
        return send(response, 400, { error: 'bad signature' });
      }
      received.push(JSON.parse(raw.toString('utf8')));
      return send(response, 204, '');
    }
    if (request.method === 'GET' && url.pathname === '/api/webhooks') return send(response, 200, received);
    return send(response, 404, { error: 'not found' });
  } catch (error) {
    console.error(error);
    return send(response, 500, { error: 'partner backend failed' });
  }
});

server.listen(config.port, config.host, () => {
  console.log(`partner page on http://${config.host}:${config.port} (Qoltanba at ${config.qoltanbaUrl})`);
});

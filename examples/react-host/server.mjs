// The partner's backend of the React example: the shared partner backend (../shared/partner-backend.mjs: the API
// key, embed tokens, webhooks) serving the built app (`npm run build` -> dist/).
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '@qoltanba/core';
import { createPartnerBackend, sendFile } from '../shared/partner-backend.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), 'dist');

createPartnerBackend({
  core,
  // The app's files; every other path is the app's page (client-side routes).
  servePage: (_request, response, url) =>
    sendFile(response, dist, extname(url.pathname) ? url.pathname : 'index.html'),
}).listen();

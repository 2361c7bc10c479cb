// The partner's backend of the plain-HTML example: the shared partner backend (../shared/partner-backend.mjs: the
// API key, embed tokens, webhooks) plus this page and the element scripts from the installed @qoltanba/widgets.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '@qoltanba/core';
import { createPartnerBackend, partnerConfig, send, sendFile, TYPES } from '../shared/partner-backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** Where the installed packages' built files are (`node_modules/@qoltanba/<name>/dist`). */
const distOf = (name) => join(dirname(require.resolve(`@qoltanba/${name}/package.json`)), 'dist');
const config = partnerConfig();

const backend = createPartnerBackend({
  core,
  config,
  async servePage(_request, response, url) {
    if (url.pathname === '/') {
      const page = await readFile(join(here, 'public', 'index.html'), 'utf8');
      return send(response, 200, page.replaceAll('{{QOLTANBA_URL}}', config.qoltanbaUrl), TYPES['.html']);
    }
    if (url.pathname.startsWith('/vendor/widgets/')) {
      return sendFile(response, distOf('widgets'), url.pathname.slice('/vendor/widgets/'.length));
    }
    return send(response, 404, { error: 'not found' });
  },
});
backend.listen();

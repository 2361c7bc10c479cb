#!/usr/bin/env node
// Installs the repository's publishable packages into an example exactly as a partner gets them from npm: `npm pack`
// of core, sdk and widgets (after `npm run build`), then `npm install` of those tarballs in the example's folder.
// Usage: node examples/install-packed.mjs examples/plain-html [examples/react-host ...]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packs = join(root, 'examples', '.packs');
const PACKAGES = ['core', 'sdk', 'widgets'];

rmSync(packs, { recursive: true, force: true });
mkdirSync(packs, { recursive: true });
for (const name of PACKAGES) {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packs], {
    cwd: join(root, 'packages', name),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const tarballs = readdirSync(packs)
  .filter((file) => file.endsWith('.tgz'))
  .map((file) => join(packs, file));

for (const example of process.argv.slice(2)) {
  const dir = resolve(example);
  // The tarballs stand in for the registry's @qoltanba/* versions; package.json keeps the registry ranges.
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--install-links', ...tarballs],
    { cwd: dir, stdio: 'inherit' },
  );
  console.log(`${example}: installed ${tarballs.length} packed packages`);
}

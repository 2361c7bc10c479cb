#!/usr/bin/env node
// Checks the packed artifacts of the publishable packages, as a consumer would get them: publint (package.json
// against the packed files) and attw (types resolve for ESM consumers, node16 and bundler). Run after the build.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The packages published to npm; the portal, server and e2e stay private. */
export const PUBLISHABLE = ['core', 'sdk', 'widgets', 'help-widget'];

/**
 * attw arguments for a package: ESM only; stylesheets and script-tag builds (`*.global.js`) are no type entries, nor
 * are build tools for the workspace, exported under the `source` condition only (not in the packed files).
 */
export function attwArgs(manifest) {
  const sourceOnly = (target) =>
    typeof target === 'object' && target !== null && Object.keys(target).join() === 'source';
  const untyped = Object.entries(manifest.exports ?? {})
    .filter(([entry, target]) => entry.endsWith('.css') || entry.endsWith('.global.js') || sourceOnly(target))
    .map(([entry]) => entry);
  const exclude = untyped.length > 0 ? ['--exclude-entrypoints', ...untyped] : [];
  return ['attw', '--pack', '.', '--profile', 'esm-only', '--format', 'ascii', ...exclude];
}

function run(cwd, args) {
  const result = spawnSync('npx', args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  return result.status === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failed = [];
  for (const name of PUBLISHABLE) {
    const dir = join(root, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    console.log(`\n--- ${manifest.name}`);
    if (!run(dir, ['publint', '--strict'])) failed.push(`${manifest.name}: publint`);
    if (!run(dir, attwArgs(manifest))) failed.push(`${manifest.name}: attw`);
  }
  if (failed.length > 0) {
    console.error(`\npacked packages: ${failed.join(', ')} failed`);
    process.exit(1);
  }
  console.log('\npacked packages: ok');
}

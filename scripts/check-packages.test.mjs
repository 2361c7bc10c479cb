import { describe, expect, it } from 'vitest';
import { attwArgs } from './check-packages.mjs';

describe('packed-package check', () => {
  it('checks ESM resolution and leaves stylesheet entries out of the type check', () => {
    const args = attwArgs({ exports: { '.': {}, './elements': {}, './style.css': './dist/index.css' } });
    expect(args).toEqual([
      'attw',
      '--pack',
      '.',
      '--profile',
      'esm-only',
      '--format',
      'ascii',
      '--exclude-entrypoints',
      './style.css',
    ]);
    expect(attwArgs({ exports: { '.': {} } })).not.toContain('--exclude-entrypoints');
    // The sdk's script-tag build is a file for <script src>, not an import with types.
    const sdk = attwArgs({
      exports: { '.': {}, './embed': {}, './embed.global.js': './dist/embed.global.js' },
    });
    expect(sdk.slice(sdk.indexOf('--exclude-entrypoints'))).toEqual([
      '--exclude-entrypoints',
      './embed.global.js',
    ]);
    // The widgets' build plugin for the portal's build: TypeScript source for the workspace, not packed.
    const widgets = attwArgs({
      exports: { '.': {}, './split-error-texts': { source: './build/split-error-texts.ts' } },
    });
    expect(widgets.slice(widgets.indexOf('--exclude-entrypoints'))).toEqual([
      '--exclude-entrypoints',
      './split-error-texts',
    ]);
  });
});

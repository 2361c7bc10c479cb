import { describe, expect, it } from 'vitest';

describe('public entry', () => {
  it('exports exactly the public API (update deliberately)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'BUILT_IN_MODULES',
      'ConfigError',
      'createApp',
      'createLocalBlobStore',
      'createVerifier',
      'defineRoute',
      'loadConfig',
      'pkiConfigFromEnv',
      'requireUser',
      'runAdmin',
      'signatureErrorCode',
      'withJobLock',
    ]);
  });
});

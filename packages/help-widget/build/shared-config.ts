import { defaultClientConditions, type UserConfig } from 'vite';
import { helpErrorTexts } from './error-texts.ts';

/**
 * What both browser builds share: core from its sources (the `source` condition), zod replaced by a stub that
 * accepts everything (build/unchecked-zod.ts), core's error texts picked at build time, production mode.
 */
export const sharedConfig: UserConfig = {
  plugins: [helpErrorTexts()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [{ find: /^zod$/, replacement: new URL('./unchecked-zod.ts', import.meta.url).pathname }],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  logLevel: 'warn',
};

import { defineConfig } from 'tsup';

// Type declarations bundled per entry: tsc's per-file output keeps extensionless relative imports, which
// TypeScript consumers on `moduleResolution: node16` cannot resolve (attw reports it). Vite writes the JavaScript.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'elements/index': 'src/elements/index.ts',
    'react-embed/index': 'src/react-embed/index.tsx',
    'mini-i18next': 'src/elements/runtime/mini-i18next.ts',
  },
  format: ['esm'],
  // tsup 8's declaration build passes `baseUrl`, which TypeScript 6 deprecates (an error unless silenced).
  dts: { only: true, compilerOptions: { ignoreDeprecations: '6.0' } },
  tsconfig: 'tsconfig.build.json',
  outDir: 'dist',
  clean: false,
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * dist/react-embed.js: the React components wrapping the custom elements. React is the host's (peer); the
 * elements' bundle (`@qoltanba/widgets/elements`) stays an import, loaded on first mount.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: 'src/react-embed/index.tsx', formats: ['es'], fileName: 'react-embed' },
    rolldownOptions: {
      output: { minify: true },
      external: (id) => /^(react|react-dom)(\/|$)/.test(id) || id === '@qoltanba/widgets/elements',
    },
  },
});

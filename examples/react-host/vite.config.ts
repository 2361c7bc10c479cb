import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: the page on Vite's dev server, the backend's routes (`npm start`, port 3000) proxied to it. Add
// Vite's origin (http://localhost:5173) to the API key's allowed origins while you develop.
const backend = process.env.PARTNER_BACKEND ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': backend } },
});

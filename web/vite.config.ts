import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// Root is pinned to web/ so the build behaves the same from the repo root (`vite build --config web/vite.config.ts`)
// and from web/ itself.
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // React + Chakra + formik/yup make the public entry ~180 kB gzip (TOOLCHAIN.md §4); the warning would only be noise.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});

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
    // React + Chakra make the public entry ~150 kB gzip (~500 kB minified); the warning would only be noise.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Chakra's theme module builds its full default config (every recipe) at load time with
      // defineConfig, an identity function the bundler cannot see is pure. Marking it pure lets the
      // app import tokens from '@chakra-ui/react/theme' without carrying the recipes it never renders
      // (theme/system.ts picks the ones it uses).
      treeshake: { manualPureFunctions: ['defineConfig'] },
      // Everything the entry imports statically is fetched on every first visit anyway: one file instead of
      // two dozen small shared chunks compresses better (-7 kB gzip) and costs fewer requests. Lazy pages
      // import what they share with it from that file.
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});

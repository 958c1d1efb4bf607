import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app's build. Kept a plain config object so the root vitest.config.ts can
// `extends` it: tests then compile Lingui macros, .po catalogs and *.css.ts exactly
// as the browser build does.
const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // plugin-react 5.2 still accepts Babel plugins; the Lingui macro needs Babel
    // (the SWC plugin generates different message ids, see shared/notes/stack.md).
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    vanillaExtractPlugin(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: the chunk graph the first-load budget test reads
    // (tests/checks/bundleBudget.test.ts). The server never serves it (not under assets/).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/socket.io': { target: serverOrigin, ws: true },
    },
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The browser takes only types from the shared zod contracts and its values from '@lingxi/shared/rules' (ADR 008).
 * A value import of a contract would quietly put zod (~50 KB gzip) back on every page, so the build refuses it.
 */
function noZodInTheBrowser(): Plugin {
  return {
    name: 'no-zod-in-the-browser',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === 'zod' || id.startsWith('zod/')) {
        this.error(`${importer ?? '?'} imports zod at run time: import contracts with "import type" and values from '@lingxi/shared/rules' (ADR 008)`);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress(), noZodInTheBrowser()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    // The API server listens on 8000; proxying keeps the browser on one origin so no CORS setup is needed in dev.
    proxy: { '/api': { target: 'http://localhost:8000', changeOrigin: true } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // antd alone is larger than the default 500 kB warning threshold; that size is expected, not a regression.
    chunkSizeWarningLimit: 1500,
  },
});

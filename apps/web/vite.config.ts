import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { paths } from './src/config/paths.ts';
import { precompress } from './precompress.ts';
import { routePreload } from './route-preload.ts';
import { themeCss } from './theme-css.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const serverStateLayout = 'src/app/layouts/server-state-layout.tsx';

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
        this.error(
          `${importer ?? '?'} imports zod at run time: import contracts with "import type" and values from '@lingxi/shared/rules' (ADR 008)`,
        );
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    // The pages people open first (from a link, a bookmark or a reload), by their path in src/config/paths.ts, and the
    // lazy route modules src/app/router.tsx loads for them; signed-in pages also load the query cache's layout (ADR 013).
    routePreload({
      [paths.login]: 'src/app/routes/login.tsx',
      [paths.register]: 'src/app/routes/register.tsx',
      [paths.home]: ['src/app/routes/home.tsx', serverStateLayout],
      [paths.profile]: ['src/app/routes/profile.tsx', serverStateLayout],
      [paths.baziInput]: ['src/features/bazi/components/bazi-input-page.tsx', serverStateLayout],
      [paths.about]: 'src/app/routes/about.tsx',
      [paths.privacy]: 'src/features/static-pages/components/privacy-page.tsx',
      [paths.terms]: 'src/features/static-pages/components/terms-page.tsx',
      [paths.contact]: 'src/features/static-pages/components/contact-page.tsx',
    }),
    themeCss(),
    precompress(),
    noZodInTheBrowser(),
  ],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every library the first screen needs (React, the router, antd's ConfigProvider), in one file that changes
            // only when a dependency does, so a returning visitor's browser keeps it across deployments.
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 3 },
            // Icons come before antd's groups, which would otherwise take in every icon an antd part also draws (the
            // clear ×, the eye, the alert icons) and make the sign-in pages, which have no antd part, load antd's Form.
            // Grouped by the pages that use them, small groups merged, so a page gets its icons in one or two files.
            {
              name: 'icons',
              test: /node_modules[\\/]@ant-design[\\/]icons/,
              priority: 2.5,
              entriesAware: true,
              entriesAwareMergeThreshold: 16000,
            },
            // antd's Form and what it pulls in (validation, tooltip, grid), shared by every page with an antd form
            // (contact, profile, Bazi) instead of being cut into a dozen slivers per mix of pages.
            { name: 'antd-form', test: /node_modules[\\/]antd[\\/]es[\\/](form|checkbox)[\\/]/, priority: 2 },
            // Inputs apart from Form: Typography's inline editor imports them too, on pages without a form.
            { name: 'antd-input', test: /node_modules[\\/]antd[\\/]es[\\/]input[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});

import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;
type OutputAsset = Rollup.OutputAsset;

/**
 * Each page is a lazy chunk (src/app/router.tsx), so on its own a phone asks for the /login chunk only after the main
 * bundle has downloaded and run: one more round trip and no overlap. This plugin writes a tiny classic script, loaded
 * `async` from index.html (the CSP allows same-origin scripts, not inline ones), that adds `modulepreload` links for
 * the chunks of the page being opened, so they download alongside the main bundle. Only that page's chunks: /about
 * does not fetch the sign-in form.
 *
 * `pages` maps a path to the modules its route loads (the page, and the lazy layouts above it); a module without a
 * chunk fails the build, so the table cannot silently drift from the router.
 */
export function routePreload(pages: Record<string, string | string[]>): Plugin {
  return {
    name: 'lingxi-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: OutputChunk, into = new Set<string>()): Set<string> => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = byFile.get(file);
          if (next) closure(next, into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return this.error('route-preload: no entry chunk');
      const initial = closure(entry);

      const map: Record<string, string[]> = {};
      for (const [page, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        for (const module of [modules].flat()) {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(module));
          if (!chunk) return this.error(`route-preload: no lazy chunk for ${module} (${page})`);
          closure(chunk, files);
        }
        map[page] = [...files].filter((f) => !initial.has(f)).map((f) => `/${f}`);
      }

      const source = `(function(m){var f=m[location.pathname.replace(/\\/+$/,'')||'/'];if(!f)return;for(var i=0;i<f.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f[i];document.head.appendChild(l)}})(${JSON.stringify(map)});\n`;
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });

      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return this.error('route-preload: index.html is not in the bundle');
      const tag = `<script async src="/${fileName}"></script>`;
      html.source = String(html.source).replace('<script type="module"', `${tag}\n    <script type="module"`);
      if (!String(html.source).includes(tag))
        return this.error('route-preload: no module script in index.html to put the preloader before');
    },
  };
}

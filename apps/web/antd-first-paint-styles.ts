import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { theme } from './src/app/theme.ts';

/**
 * antd writes its CSS in the browser: on the first render every component's styles are generated from the theme,
 * serialised and hashed — about half of the JavaScript time before /login can be used on a slow phone
 * (docs/benchmarks.md, Web). This plugin does that once at build time for the components on the first screen of
 * every page (header buttons, the sign-in form) with the app's own theme, and puts the result in index.html the way
 * antd's server rendering does: the styles plus antd's map of what they are. In the browser antd finds each of these
 * in the map and reuses it instead of generating it; anything else (tables, drawers …) is still generated on demand.
 * Same antd and same theme object on both sides, so the two can only differ if those do.
 */
export function antdFirstPaintStyles(): Plugin {
  return {
    name: 'antd-first-paint-styles',
    apply: 'build',
    async transformIndexHtml(html) {
      const styles = await renderFirstPaintStyles();
      const charset = '<meta charset="UTF-8" />';
      if (!html.includes(charset)) throw new Error(`index.html must start its <head> with ${charset}`);
      // After the charset (which must come first) and before Vite's stylesheet, where antd itself prepends its styles.
      return html.replace(charset, `${charset}\n    ${styles}`);
    },
  };
}

async function renderFirstPaintStyles(): Promise<string> {
  // antd's own copy of its style engine: the cache must be the instance antd's components write to.
  const fromAntd = createRequire(createRequire(import.meta.url).resolve('antd'));
  const { createCache, extractStyle, StyleProvider } = fromAntd('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const { Button, Checkbox, ConfigProvider, Flex, Form, Input } = fromAntd('antd') as typeof import('antd');
  const { createElement: h } = fromAntd('react') as typeof import('react');
  const { renderToString } = fromAntd('react-dom/server') as typeof import('react-dom/server');

  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        ConfigProvider,
        { theme },
        h(
          'div',
          null,
          h(Button, { type: 'primary' }, '注册'),
          h(Flex, null),
          h(
            Form,
            null,
            h(Form.Item, { name: 'phone' }, h(Input, { allowClear: true })),
            h(Form.Item, { name: 'password' }, h(Input.Password, null)),
          ),
          h(Checkbox, null),
        ),
      ),
    ),
  );
  const styles = extractStyle(cache);
  if (styles.includes('css-dev-only')) throw new Error('antd first-paint styles were rendered in development mode; build with NODE_ENV=production');
  return styles;
}

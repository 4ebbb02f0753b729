import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR } from '../apps/web/src/app/theme';
import { themeCss, themeCssVariables } from '../apps/web/theme-css';

const webSrc = path.resolve(import.meta.dirname, '../apps/web/src');
const stylesheets = (readdirSync(webSrc, { recursive: true }) as string[]).filter((f) => f.endsWith('.css'));

type Transform = (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null;
const transform = themeCss().transform as Transform;
const context = {
  error: (m: string): never => {
    throw new Error(m);
  },
};

describe('theme colours: one source (app/theme.ts) for antd and the plain CSS', () => {
  it("writes antd's tokens for the app theme as CSS variables", () => {
    const block = themeCssVariables();
    expect(block).toContain(`--lx-color-primary: ${PRIMARY_COLOR};`);
    // antd derives these from the primary colour; the CSS no longer carries its own copies.
    expect(block).toMatch(/--lx-color-primary-hover: #[0-9a-f]{6};/);
    expect(block).toContain('--lx-border-radius-lg: 12px;');
  });

  it('puts them at the top of global.css only', () => {
    expect(transform.call(context, 'body{}', '/x/apps/web/src/styles/global.css')?.code).toMatch(/^:root \{\n {2}--lx-color-primary:/);
    expect(transform.call(context, 'body{}', '/x/apps/web/src/styles/controls.css')).toBeNull();
  });

  it('refuses a stylesheet naming a variable that is not a theme token', () => {
    expect(() => transform.call(context, 'a{color:var(--lx-color-primery)}', '/x/a.css')).toThrow(/--lx-color-primery/);
  });

  it('every --lx- variable the stylesheets use is defined, and none repeats the primary colour by hand', () => {
    expect(stylesheets.length).toBeGreaterThan(3);
    for (const file of stylesheets) {
      const css = readFileSync(path.join(webSrc, file), 'utf8');
      expect(() => transform.call(context, css, path.join(webSrc, file)), file).not.toThrow();
      expect(css.toLowerCase(), file).not.toContain(PRIMARY_COLOR.toLowerCase());
    }
  });
});

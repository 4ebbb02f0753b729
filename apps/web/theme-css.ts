import { theme as antdTheme } from 'antd';
import type { Plugin } from 'vite';
import { theme } from './src/app/theme.ts';

/**
 * The antd tokens the plain CSS of the first screen uses (ADR 010/011: header, sign-in cards and controls in antd's
 * look without antd). Their values are antd's own for the app's theme (`theme.getDesignToken`), written once as CSS
 * variables (`colorPrimaryHover` → `--lx-color-primary-hover`), so a change in src/app/theme.ts reaches every
 * stylesheet with no hand-copied figure to forget.
 */
export const CSS_TOKENS = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryActive',
  'colorPrimaryBorder',
  'colorLinkHover',
  'controlOutline',
  'colorError',
  'colorErrorBorderHover',
  'colorErrorOutline',
  'colorWarning',
  'colorWarningBg',
  'colorWarningBorder',
  'colorText',
  'colorTextLightSolid',
  'colorWhite',
  'colorTextTertiary',
  'colorTextQuaternary',
  'colorBgContainer',
  'colorBorder',
  'colorBorderSecondary',
  'colorSplit',
  'colorFill',
  'colorFillSecondary',
  'colorFillTertiary',
  'colorFillQuaternary',
  'borderRadius',
  'borderRadiusLG',
  'borderRadiusSM',
] as const;

const cssName = (token: string) => `--lx-${token.replace(/[A-Z]+/g, (m) => `-${m.toLowerCase()}`)}`;

/** The `:root` block of every token above, with antd's values for `theme`. */
export function themeCssVariables(): string {
  const tokens = antdTheme.getDesignToken(theme) as unknown as Record<string, string | number>;
  const lines = CSS_TOKENS.map((t) => {
    const value = tokens[t];
    if (value === undefined) throw new Error(`theme-css: antd has no token ${t}`);
    return `  ${cssName(t)}: ${typeof value === 'number' ? `${value}px` : value};`;
  });
  return `:root {\n${lines.join('\n')}\n}\n`;
}

/**
 * Puts the variables at the top of src/styles/global.css (loaded by every page) and fails the build, and the dev
 * server, when a stylesheet names an `--lx-` variable that is not defined, which the browser would silently ignore.
 */
export function themeCss(): Plugin {
  const known = new Set(CSS_TOKENS.map(cssName));
  let block: string | null = null;
  return {
    name: 'lingxi-theme-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.css(\?|$)/.test(id)) return null;
      for (const [, name] of code.matchAll(/var\((--lx-[a-z0-9-]+)/g)) {
        if (name && !known.has(name)) this.error(`${id}: ${name} is not a theme variable (theme-css.ts CSS_TOKENS)`);
      }
      if (!id.split('?')[0]?.endsWith('/src/styles/global.css')) return null;
      block ??= themeCssVariables();
      return { code: block + code, map: null };
    },
  };
}

import type { ThemeConfig } from 'antd';

/** Green-600: reads as calm and trustworthy on white and keeps 4.5:1 contrast for white button text. */
export const PRIMARY_COLOR = '#16a34a';

/**
 * The one antd theme, read by the app's ConfigProvider and by the build, which renders the first screen's antd
 * styles with it ahead of time (antd-first-paint-styles.ts). Both must see the same object for the styles to match.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    borderRadius: 10,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  // A fixed key instead of React's useId, so the CSS variables rendered at build time carry the class the browser uses.
  cssVar: { key: 'css-var-lingxi' },
};

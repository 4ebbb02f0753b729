import type { ThemeConfig } from 'antd';

/** Green-600: reads as calm and trustworthy on white and keeps 4.5:1 contrast for white button text. */
export const PRIMARY_COLOR = '#16a34a';

/**
 * The one antd theme, read by the app's ConfigProvider and, at build time, by theme-css.ts, which writes antd's
 * tokens for it as the --lx-* CSS variables of the plain first-screen controls (styles/controls.css, global.css).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    // Info icons and alerts (Modal.info, Alert type="info", Result status="info") in the theme's green, not antd's blue.
    colorInfo: PRIMARY_COLOR,
    borderRadius: 10,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

import type { ThemeConfig } from 'antd';

/** Green-600: reads as calm and trustworthy on white and keeps 4.5:1 contrast for white button text. */
export const PRIMARY_COLOR = '#16a34a';

/**
 * The one antd theme, read by the app's ConfigProvider. The plain controls of the first screen (styles/controls.css,
 * styles/global.css; ADR 011) repeat its colours and radii as CSS: a change here is a change there too.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    borderRadius: 10,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

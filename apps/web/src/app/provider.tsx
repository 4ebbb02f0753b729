import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';

dayjs.locale('zh-cn');

/** Green-600: reads as calm and trustworthy on white and keeps 4.5:1 contrast for white button text. */
export const PRIMARY_COLOR = '#16a34a';

const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    borderRadius: 10,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f5f7f6', footerBg: 'transparent', headerPadding: '0 16px' },
  },
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {/* antd's App supplies message/modal through context so they pick up the theme and locale above. */}
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

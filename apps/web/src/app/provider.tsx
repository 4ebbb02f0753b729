import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { FeedbackProvider } from '@/lib/feedback';
import { theme } from './theme';

// No dayjs locale here: no page has a date picker, and the dates we print use explicit Chinese formats
// ('YYYY年M月D日'), so loading dayjs with every page would buy nothing. A future DatePicker sets dayjs.locale('zh-cn').

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {/* Toasts and dialogs through context, so they pick up the theme and locale above (lib/feedback.tsx). */}
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}

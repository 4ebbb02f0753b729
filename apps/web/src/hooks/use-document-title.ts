import { useEffect } from 'react';
import { config } from '@/config/env';

/** Tabs and history entries read '登录 - 灵犀' rather than the same name for every page. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${config.productName}` : config.productName;
  }, [title]);
}

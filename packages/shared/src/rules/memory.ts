/** Long-term memory and chat search (issue #16): limits and texts shared by the server and the web. */
export const MEMORY_ITEM_MAX = 100;
export const SEARCH_QUERY_MAX = 50;
export const SEARCH_TERMS_MAX = 5;
/** Bumped when the wording of the sensitive-memory consent changes (recorded in consent_records). */
export const MEMORY_SENSITIVE_CONSENT_VERSION = 'memory-sensitive-2026-11';

export const MEMORY_MSG = {
  notFound: '这条记忆不存在',
  contentRequired: '请输入记忆内容',
  contentTooLong: `每条记忆不能超过${MEMORY_ITEM_MAX}个字`,
  consentRequired: '开启心理、情感类对话的记忆前，请先阅读并同意《敏感个人信息处理说明》',
  settingsEmpty: '请指定要修改的设置',
  deletedAll: '已清空全部记忆',
  deleted: '已删除',
  saved: '已保存',
  searchRequired: '请输入要搜索的内容',
  searchTooLong: `搜索内容不能超过${SEARCH_QUERY_MAX}个字`,
  usedHint: '参考了你的记忆',
} as const;

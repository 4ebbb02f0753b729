/** Texts of the Bazi flow shared by the calculator's API and the form (spec §5, §7). */
export const BAZI_MESSAGES = {
  failed: '排盘失败，请重试',
  success: '排盘成功',
  saved: '排盘成功，已保存到“我的命盘”',
  saveFailed: '排盘成功，但保存到“我的命盘”失败',
  notFound: '命盘不存在',
  deleted: '命盘已删除',
  empty: '暂无排盘数据，请先排盘',
} as const;

/** A saved chart's name ('我', '妈妈') is at most this many characters. */
export const BAZI_NAME_MAX = 20;

/** The form's required-field messages (spec §5 Bazi form: a '请选择…' message per field). */
export const BAZI_FORM_MESSAGES = {
  gender: '请选择性别',
  calendarType: '请选择历法',
  province: '请选择省份',
  city: '请选择城市',
  year: '请选择年份',
  month: '请选择月份',
  day: '请选择日期',
  hour: '请选择小时',
  minute: '请选择分钟',
} as const;

/** Safety and compliance constants and texts (issue #13), shared by the server's rules and the web's screens. */

/** What 举报 offers on every AI reply (generative AI measures: a complaint channel). */
export const REPORT_REASONS = {
  illegal: '违法违规',
  sexual: '色情低俗',
  false_info: '虚假信息',
  inducement: '诱导消费',
  other: '其他',
} as const;
export type ReportReasonKey = keyof typeof REPORT_REASONS;

export const REPORT_STATUS_TEXT = { pending: '处理中', resolved: '已处理', dismissed: '未采纳' } as const;
export const REPORT_DETAIL_MAX = 500;
export const REPORT_NOTE_MAX = 500;

/** The explicit label appended to copied AI text (AI-generated content labelling measures, GB 45438-2025). */
export const AI_COPY_SUFFIX = '\n\n——内容由AI生成';
export const AI_LABEL = 'AI 生成';

/** A reply stopped by moderation is stored and shown as this text, never the blocked words. */
export const BLOCKED_REPLY_TEXT = '抱歉，这个回答涉及不适宜展示的内容，已被系统拦截。我们换个话题聊聊吧。';

/** Minor mode (未成年人模式): the night-time lock in Beijing time and the default daily cap. */
export const MINOR_NIGHT_START_HOUR = 22;
export const MINOR_NIGHT_END_HOUR = 6;
export const MINOR_DAILY_MINUTES_DEFAULT = 60;
export const MINOR_AGE = 18;
export const GUARDIAN_CONSENT_AGE = 14;
export const BREAK_REMINDER_MINUTES_DEFAULT = 120;

/**
 * Only the birth year is asked, so an age is known to one year: the younger reading is used, so a declared year never
 * leaves anyone out of a protection they may still be owed (someone born in December is not 18 in January).
 */
export function ageFromBirthYear(birthYear: number, now: Date): number {
  const year = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
  return year - birthYear - 1;
}

export const SAFETY_MSG = {
  contentBlocked: '内容包含违规信息，请修改后重试',
  questionBlocked: '您的问题包含违规内容，无法回答。请修改后重试',
  disclosureRequired: '请先确认：你正在和AI对话',
  breakDue: '你已连续使用超过2小时，请先休息一下',
  minorPersona: '未成年人模式下不能使用该服务',
  minorNight: '未成年人模式下每日22:00至次日6:00不能使用',
  minorTimeCap: '未成年人模式下今日使用时长已达上限，明天再来吧',
  guardianRequired: '未满14周岁需要监护人同意后才能使用，请在个人中心完成监护人验证',
  minorPayment: '未成年人模式下不能打赏或购买付费服务',
  guardianForChange: '修改出生年份或退出未成年人模式需要监护人验证',
  birthYearInvalid: '请选择正确的出生年份',
} as const;

/** Paid deep services (深度服务): limits and texts shared by the server's checks and the web's forms. */
export const OFFER_PRICE_MIN_FEN = 1;
/** ¥1000: a deep service is a chat, not a consultation fee; a bigger number is a typo. */
export const OFFER_PRICE_MAX_FEN = 100_000;
export const OFFER_REPLIES_MIN = 1;
export const OFFER_REPLIES_MAX = 200;
export const OFFER_TITLE_MAX = 30;
export const OFFER_INCLUDES_MAX = 8;
export const OFFER_INCLUDE_TEXT_MAX = 40;
/** Summaries one deep session may ask of the model (each is a model call). */
export const DEEP_SUMMARY_MAX = 3;

export const NO_REFUND_TEXT = '付费服务即时生效，不支持退款';

export const ORDER_MSG = {
  consent: '请先阅读并勾选“付费服务即时生效，不支持退款”',
  noOffer: '该服务暂未提供深度服务',
  notFound: '订单不存在',
  usedUp: '本次深度服务的回复次数已用完，可以查看深度总结或再次购买',
  noSummaryYet: '深度会话里还没有可以总结的内容',
  summaryLimit: `每个深度会话最多生成${DEEP_SUMMARY_MAX}次深度总结`,
  notDeep: '这不是深度服务会话',
  reopenNotNeeded: '深度会话仍然存在，无需重新打开',
  reopenUsedUp: '该订单的深度回复已用完',
  priceRange: '价格需在 0.01–1000 元之间',
  repliesRange: `深度回复次数需在 ${OFFER_REPLIES_MIN}–${OFFER_REPLIES_MAX} 次之间`,
  titleRequired: '请填写服务名称',
  titleTooLong: `服务名称不能超过${OFFER_TITLE_MAX}个字`,
  includesRange: `服务内容需填写 1–${OFFER_INCLUDES_MAX} 条`,
  includeTooLong: `每条服务内容不能超过${OFFER_INCLUDE_TEXT_MAX}个字`,
  dateRange: '开始日期不能晚于结束日期',
} as const;

export const ORDER_STATUS_TEXT = { pending: '待支付', paid: '已支付', closed: '已关闭', expired: '已过期' } as const;

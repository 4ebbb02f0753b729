/** Business constants from the product spec §9; both the server and the web read them from here. */
export const PRODUCT_NAME = '灵犀';
export const PRIVACY_POLICY_VERSION = '2026-11-25';

export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_DAILY_LIMIT_PER_PHONE = 10;

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;
export const PHONE_LENGTH = 11;
export const CONTACT_MESSAGE_MAX = 500;

export const REQUEST_TIMEOUT_MS = 30_000;
export const CHAT_TIMEOUT_MS = 300_000;
export const MOBILE_BREAKPOINT = 768;
export const KEYBOARD_RESIZE_THRESHOLD = 150;
export const DEFAULT_CHAT_TYPE = 'defaultai';

export const WECHAT_QR_POLL_MS = 2_000;
export const WECHAT_QR_POLL_TIMEOUT_MS = 60_000;
export const PAYMENT_POLL_MS = 3_000;
export const REWARD_MIN_YUAN = 0.01;
export const REWARD_MAX_YUAN = 100;
export const REWARD_QUICK_AMOUNTS = [1, 5, 10, 20, 50, 100] as const;

export const STORAGE_KEYS = {
  token: 'token',
  authToken: 'auth_token',
  userInfo: 'user_info',
  authStorage: 'auth-storage',
  chatStorage: 'chat-storage',
  chatMessages: 'chat-messages',
  privacyShown: 'privacy-shown',
} as const;

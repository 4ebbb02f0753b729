import { PRODUCT_NAME, type SmsPurpose } from '@lingxi/shared';

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: '登录',
  register: '注册',
  bind: '绑定手机号',
  delete: '注销账号',
};

/** The text a user sees; it mirrors the approved template registered with the carrier. */
export const smsText = (code: string, purpose: SmsPurpose) =>
  `【${PRODUCT_NAME}】您的${PURPOSE_TEXT[purpose]}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`;

import { PRODUCT_NAME, type SmsCodePurpose } from '@lingxi/shared';
import type { SmsNotice } from './types';

const PURPOSE_TEXT: Record<Exclude<SmsCodePurpose, 'guardian'>, string> = {
  login: '登录',
  register: '注册',
  bind: '绑定手机号',
  delete: '注销账号',
  reset: '重置密码',
};

/** The text a user sees; it mirrors the approved template registered with the carrier. */
export const smsText = (code: string, purpose: SmsCodePurpose) =>
  purpose === 'guardian'
    ? `【${PRODUCT_NAME}】您正在作为监护人同意未成年人使用${PRODUCT_NAME}或更改其未成年人模式，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`
    : `【${PRODUCT_NAME}】您的${PURPOSE_TEXT[purpose]}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`;

/** A notice's text, mirroring its own approved template (ALIYUN_SMS_EMERGENCY_TEMPLATE_CODE takes `name`). */
export const noticeText = (n: SmsNotice) =>
  `【${PRODUCT_NAME}】您好，${n.name}将您设为紧急联系人。TA刚刚在${PRODUCT_NAME}中表达了需要帮助的情绪，请尽快与TA取得联系。如遇紧急情况请拨打110或120，心理援助热线12356。`;

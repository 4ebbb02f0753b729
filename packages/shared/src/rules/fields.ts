/** Mainland mobile numbers: 11 digits, 1 then 3-9 (spec §5). Number ranges change, so nothing narrower. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

export const MSG = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  passwordRequired: '请输入密码',
  passwordMin: '密码至少6位',
  confirmRequired: '请确认密码',
  confirmMismatch: '两次密码不一致',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码格式不正确',
  codeSixDigits: '验证码为6位数字',
  nameRequired: '请输入用户名',
  nameMin: '用户名至少2位',
  usernameMin: '用户名至少2个字符',
  referrerInvalid: '推荐人手机号格式不正确',
  privacyRequired: '请同意隐私政策',
  contactName: '请输入您的姓名',
  contactSubject: '请输入主题',
  contactMessage: '请输入留言内容',
  contactMessageMax: '留言内容不能超过500个字符',
  emailInvalid: '请输入正确的邮箱地址',
} as const;

/** Strips spaces, dashes and a +86/0086 prefix so '+86 138-0013-8000' is accepted as typed. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input));
}

export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

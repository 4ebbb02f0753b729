import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SmsSendError, type SmsProvider } from './types';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The guardian's code has its own approved text; without one the ordinary code template is used. */
  guardianTemplateCode?: string;
  /** The emergency contact's alert (param `name`); without one that alert cannot be sent. */
  emergencyTemplateCode?: string;
  endpoint: string;
  /** Tests point the real SDK at a local capture server over http. */
  protocol?: 'https' | 'http';
}

// Carrier refusals that a user can act on; anything else is our fault and stays generic.
const USER_FACING: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': '该手机号获取验证码过于频繁，请稍后再试',
  'isv.MOBILE_NUMBER_ILLEGAL': '请输入正确的手机号',
  'isv.DAY_LIMIT_CONTROL': '今日验证码发送次数已达上限，请明天再试',
};

/** Aliyun SMS through the official SDK (@alicloud/dysmsapi20170525). */
export function createAliyunSmsProvider(o: AliyunSmsOptions): SmsProvider {
  const Client = (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;
  const client = new Client(
    new $OpenApiUtil.Config({
      accessKeyId: o.accessKeyId,
      accessKeySecret: o.accessKeySecret,
      endpoint: o.endpoint,
      protocol: o.protocol ?? 'https',
    }),
  );
  async function send(phone: string, templateCode: string, params: Record<string, string>) {
    const res = await client.sendSms(
      new SendSmsRequest({ phoneNumbers: phone, signName: o.signName, templateCode, templateParam: JSON.stringify(params) }),
    );
    const body = res.body;
    if (body?.code !== 'OK') {
      const providerCode = body?.code ?? 'UNKNOWN';
      throw new SmsSendError(providerCode, USER_FACING[providerCode] ?? '短信发送失败，请稍后重试');
    }
  }
  return {
    name: 'aliyun',
    async sendCode(phone, code, purpose) {
      await send(phone, (purpose === 'guardian' && o.guardianTemplateCode) || o.templateCode, { code });
    },
    async sendNotice(phone, notice) {
      if (!o.emergencyTemplateCode) throw new SmsSendError('TEMPLATE_MISSING', '紧急联系人短信暂未开通，请直接打电话联系');
      await send(phone, o.emergencyTemplateCode, { name: notice.name });
    },
  };
}

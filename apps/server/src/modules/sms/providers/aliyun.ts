import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SmsSendError, type SmsProvider } from './types';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
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
  return {
    name: 'aliyun',
    async sendCode(phone, code) {
      const res = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: phone,
          signName: o.signName,
          templateCode: o.templateCode,
          templateParam: JSON.stringify({ code }),
        }),
      );
      const body = res.body;
      if (body?.code !== 'OK') {
        const providerCode = body?.code ?? 'UNKNOWN';
        throw new SmsSendError(providerCode, USER_FACING[providerCode] ?? '短信发送失败，请稍后重试');
      }
    },
  };
}

import { SMS_RESEND_SECONDS } from '@lingxi/shared';
import { z } from 'zod';
import { unset, type ProviderStatus } from '../../lib/production-check';

/** Environment variables of the SMS feature; merged into the one config parse in src/config.ts. */
export const smsEnv = z.object({
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  SMS_PEPPER: z.string().optional(),
  SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(20),
  SMS_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(SMS_RESEND_SECONDS),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** The guardian's verification code (issue #13); the ordinary code template when unset. */
  ALIYUN_SMS_GUARDIAN_TEMPLATE_CODE: z.string().optional(),
  /** The emergency contact's alert, with the parameter `name` (issue #13). */
  ALIYUN_SMS_EMERGENCY_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
});
type SmsEnv = z.infer<typeof smsEnv>;

const ALIYUN_KEYS = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;

/** The sandbox writes codes to a table anyone can read through GET /api/sandbox/sms. */
export function smsProviders(e: SmsEnv): ProviderStatus[] {
  const real = e.SMS_PROVIDER === 'aliyun';
  const alerts = real && !!e.ALIYUN_SMS_EMERGENCY_TEMPLATE_CODE;
  return [
    { label: '短信', real, missing: real ? [] : ['SMS_PROVIDER=aliyun', ...unset(e, ALIYUN_KEYS)] },
    // The crisis card's "notify my emergency contact" needs its own approved template.
    {
      label: '紧急联系人短信',
      real: alerts,
      missing: alerts ? [] : [...(real ? [] : ['SMS_PROVIDER=aliyun']), 'ALIYUN_SMS_EMERGENCY_TEMPLATE_CODE'],
    },
  ];
}

export function smsConfig(e: SmsEnv, jwtSecret: string) {
  if (e.SMS_PROVIDER === 'aliyun') {
    const [missing] = unset(e, ALIYUN_KEYS);
    if (missing) throw new Error(`配置错误: SMS_PROVIDER=aliyun 时必须设置 ${missing}`);
  }
  return {
    provider: e.SMS_PROVIDER,
    pepper: e.SMS_PEPPER ?? jwtSecret,
    ipHourlyLimit: e.SMS_IP_HOURLY_LIMIT,
    /** One code per phone per this many seconds: the spec's 60 unless a test shortens it. */
    resendSeconds: e.SMS_RESEND_SECONDS,
    aliyun: {
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      guardianTemplateCode: e.ALIYUN_SMS_GUARDIAN_TEMPLATE_CODE,
      emergencyTemplateCode: e.ALIYUN_SMS_EMERGENCY_TEMPLATE_CODE,
      endpoint: e.ALIYUN_SMS_ENDPOINT,
    },
  };
}
export type SmsConfig = ReturnType<typeof smsConfig>;

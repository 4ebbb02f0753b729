import { MSG, SMS_CODE_PATTERN, isValidPhone } from '@lingxi/shared/rules';
import type { FormRule } from 'antd';

/**
 * antd Form rules built from the shared texts and patterns (spec §5), so every form words a mistake the same way
 * and accepts a phone the way the server does ('+86 138-0013-8000' passes; the server normalises it too).
 */
export const phoneRules: FormRule[] = [
  { required: true, whitespace: true, message: MSG.phoneRequired },
  {
    validator: (_, value: string | undefined) =>
      !value || !value.trim() || isValidPhone(value) ? Promise.resolve() : Promise.reject(new Error(MSG.phoneInvalid)),
  },
];

export function optionalPhoneRules(invalid: string): FormRule[] {
  return [
    {
      validator: (_, value: string | undefined) =>
        !value || !value.trim() || isValidPhone(value) ? Promise.resolve() : Promise.reject(new Error(invalid)),
    },
  ];
}

export function smsCodeRules(invalid: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: MSG.codeRequired },
    { pattern: SMS_CODE_PATTERN, message: invalid },
  ];
}

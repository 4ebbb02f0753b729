import type { FormRule } from 'antd';
import { phoneChecks, type Validator } from './validators';

/**
 * The same checks as lib/validators.ts, as antd Form rules, for the forms that stay antd (contact):
 * every form words a mistake the same way and accepts a phone the way the server does.
 */
function rule(check: Validator): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      const error = check(value ?? '', {});
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

export const phoneRules: FormRule[] = phoneChecks.map(rule);

import type { SmsPurpose } from '@lingxi/shared';

/** What every SMS gateway must do for us; the sandbox and Aliyun adapters implement it. */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

/** A gateway refusal whose text may be shown to the user (e.g. the carrier's own rate limit). */
export class SmsSendError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

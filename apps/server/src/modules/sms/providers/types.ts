import type { SmsCodePurpose } from '@lingxi/shared';

/** A message that is not a code, each with its own approved template: the emergency contact's alert (issue #13). */
export interface SmsNotice {
  kind: 'emergency';
  /** How the person who set the contact is named in the text (their username). */
  name: string;
}

/** What every SMS gateway must do for us; the sandbox and Aliyun adapters implement it. */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string, purpose: SmsCodePurpose): Promise<void>;
  sendNotice(phone: string, notice: SmsNotice): Promise<void>;
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

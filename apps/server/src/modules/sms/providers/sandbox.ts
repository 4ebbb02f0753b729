import type { SmsCodePurpose } from '@lingxi/shared';
import type { SmsOutboxRepository, SmsOutboxRow } from '../outbox-repository';
import { noticeText, smsText } from './template';
import type { SmsProvider } from './types';

/**
 * The default provider: instead of a carrier, messages land in the sms_outbox table, which stands for the handset.
 * Tests and a developer read the code back through GET /api/sandbox/sms, never through a magic code.
 */
export function createSandboxSmsProvider(
  outbox: SmsOutboxRepository,
): SmsProvider & { latest(phone: string): Promise<SmsOutboxRow | null> } {
  return {
    name: 'sandbox',
    async sendCode(phone: string, code: string, purpose: SmsCodePurpose) {
      await outbox.insert({ phone, code, content: smsText(code, purpose) });
    },
    async sendNotice(phone, notice) {
      await outbox.insert({ phone, code: null, content: noticeText(notice) });
    },
    latest: (phone: string) => outbox.latest(phone),
  };
}

import type { Page } from 'playwright-core';

/**
 * Confirms the 你正在和AI对话 notice and waits until the server has recorded it (the dialog closes only then). A question
 * typed while the acknowledgement is still on its way is refused with 428 and the notice comes back, as it would for a user.
 */
export async function acknowledgeAiNotice(page: Page): Promise<void> {
  await page.getByTestId('safety-confirm').click();
  await page.getByTestId('ai-disclosure').waitFor({ state: 'hidden' });
}

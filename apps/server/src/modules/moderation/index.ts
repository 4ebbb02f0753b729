// The moderation module's public surface: what other modules may use.
export type { CheckContext, ModerationService } from './service';
export type { GuardSink, ModerationProvider, ModerationScene, StreamGuard, Verdict } from './providers/types';
export { createAliyunModerationProvider, type AliyunModerationOptions } from './providers/aliyun';

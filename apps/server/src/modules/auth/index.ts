// The auth module's public surface: what other modules may use.
export type { AccountChanged, SessionRepository, UserRepository } from './repository';
export { toUserInfo, type WechatIdentityView } from './user-info';

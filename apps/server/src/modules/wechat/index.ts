// The WeChat module's public surface: what other modules may use.
export { createWechatServices, registerWechatModule } from './module';
export type { WechatService } from './service';

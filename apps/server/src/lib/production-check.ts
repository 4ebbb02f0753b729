/**
 * What one integration (SMS, payments, WeChat sign-in, the LLM…) says about itself for the production start-up check:
 * whether it talks to the real service or to its sandbox stand-in, and what is still to set for the real one.
 *
 * Each module's config.ts exports a `<area>Providers(env)` function returning these; src/config.ts lists those
 * functions in one array (`PROVIDER_CHECKS`). A new provider adds its function there and nothing else.
 */
export interface ProviderStatus {
  /** What the person deploying recognises, in Chinese: '短信', '微信支付/支付宝'. */
  label: string;
  /** True when this integration talks to the real service, not a local fake or demo. */
  real: boolean;
  /** The variables still to set for the real service, each named: 'SMS_PROVIDER=aliyun', 'ALIYUN_SMS_SIGN_NAME'. */
  missing: string[];
}

/** The names of `keys` that `env` leaves unset or empty. */
export const unset = <K extends string>(env: Partial<Record<K, unknown>>, keys: readonly K[]): K[] =>
  keys.filter((k) => env[k] === undefined || env[k] === '');

export interface ProductionCheck {
  /** Always required in production, whatever the providers: e.g. JWT_SECRET, PUBLIC_BASE_URL. */
  requiredMissing: string[];
  providers: ProviderStatus[];
  allowSandbox: boolean;
}

/**
 * Production runs real providers only, unless ALLOW_SANDBOX=true says otherwise out loud: the sandbox hands anyone
 * any sign-in code (GET /api/sandbox/sms) and marks payments as paid for free. Returns the refusal, naming every
 * missing variable at once, or null when production may start.
 */
export function productionRefusal(c: ProductionCheck): string | null {
  const sandboxed = c.providers.filter((p) => !p.real);
  const lines: string[] = [];
  if (c.requiredMissing.length) lines.push(`  必须设置: ${c.requiredMissing.join(', ')}`);
  if (!c.allowSandbox) for (const p of sandboxed) lines.push(`  ${p.label}: 仍在使用沙箱，需要设置 ${p.missing.join(', ')}`);
  if (!lines.length) return null;
  const hint =
    !c.allowSandbox && sandboxed.length
      ? '\n（沙箱会向任何人公开短信验证码并伪造支付成功；仅用于演示环境时可设置 ALLOW_SANDBOX=true 明确允许）'
      : '';
  return `配置错误: NODE_ENV=production 时\n${lines.join('\n')}${hint}`;
}

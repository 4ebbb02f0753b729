import OpenApi, { $OpenApiUtil } from '@alicloud/openapi-core';
import * as $dara from '@darabonba/typescript';
import { createBatchingGuard } from './batching-guard';
import type { ModerationProvider, ModerationScene, Verdict } from './types';

export interface AliyunModerationOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** green-cip.cn-shanghai.aliyuncs.com (or another region's endpoint). */
  endpoint: string;
  /** The TextModerationPlus service per scene: llm_query_moderation for questions, llm_response_moderation for replies. */
  services: Record<ModerationScene, string>;
  /** Risk levels that refuse the text (RiskLevel in the answer): high, medium, low. */
  blockLevels: readonly string[];
  timeoutMs: number;
  streamMaxChars: number;
  onError: (err: unknown) => void;
  /** Tests point the client at a local fake over http. */
  protocol?: 'https' | 'http';
}

// Alibaba's labels by the words they contain; self-harm is never refused here (the crisis card answers it instead).
const CATEGORY_OF: [RegExp, string][] = [
  [/self_?harm|suicide/i, ''],
  [/politic|religion|cult/i, 'political'],
  [/porn|sex/i, 'sexual'],
  [/violen|terror|extrem|bloody/i, 'violence'],
  [/contraband|drug|gambl|weapon|illegal|crime/i, 'illegal'],
  [/fraud|ad_|spam|cheat/i, 'fraud'],
  [/abuse|insult|harass/i, 'abuse'],
];

/**
 * Alibaba Cloud Content Moderation 2.0, TextModerationPlus, through Alibaba's official OpenAPI client
 * (@alicloud/openapi-core, the runtime every generated Alibaba Cloud SDK is built on) with exactly the operation the
 * generated green20220302 client sends: RPC style, version 2022-03-02, form body Service + ServiceParameters, signed
 * ACS3-HMAC-SHA256. That generated package is not on our registry (docs/decisions/018-*.md).
 */
export function createAliyunModerationProvider(o: AliyunModerationOptions): ModerationProvider {
  const Client = (OpenApi as unknown as { default?: typeof OpenApi }).default ?? OpenApi;
  const client = new Client(
    new $OpenApiUtil.Config({
      accessKeyId: o.accessKeyId,
      accessKeySecret: o.accessKeySecret,
      endpoint: o.endpoint,
      protocol: o.protocol ?? 'https',
    }),
  );
  const params = new $OpenApiUtil.Params({
    action: 'TextModerationPlus',
    version: '2022-03-02',
    protocol: (o.protocol ?? 'https').toUpperCase(),
    pathname: '/',
    method: 'POST',
    authType: 'AK',
    style: 'RPC',
    reqBodyType: 'formData',
    bodyType: 'json',
  });
  const runtime = new $dara.RuntimeOptions({ readTimeout: o.timeoutMs, connectTimeout: o.timeoutMs, autoretry: false });
  const provider = 'aliyun';

  async function check(text: string, scene: ModerationScene): Promise<Verdict | null> {
    if (!text.trim()) return null;
    const request = new $OpenApiUtil.OpenApiRequest({
      body: { Service: o.services[scene], ServiceParameters: JSON.stringify({ content: text.slice(0, 2000) }) },
    });
    const res = (await client.callApi(params, request, runtime)) as {
      body?: { Code?: number; Message?: string; Data?: { RiskLevel?: string; Result?: { Label?: string }[] } };
    };
    const body = res.body;
    if (body?.Code !== 200) throw new Error(`aliyun moderation answered ${body?.Code ?? 'nothing'}: ${body?.Message ?? ''}`);
    const level = (body.Data?.RiskLevel ?? 'none').toLowerCase();
    if (!o.blockLevels.includes(level)) return null;
    for (const r of body.Data?.Result ?? []) {
      const label = r.Label ?? '';
      const found = CATEGORY_OF.find(([re]) => re.test(label));
      if (found && found[1] === '') continue;
      if (label && label !== 'nonLabel') return { category: found?.[1] ?? 'other', label, provider };
    }
    return null;
  }

  return {
    name: provider,
    check,
    guard: (scene, sink) => createBatchingGuard(check, scene, sink, { maxChars: o.streamMaxChars, overlap: 20, onError: o.onError }),
  };
}

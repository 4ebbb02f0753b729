import { z } from 'zod';
import { unset, type ProviderStatus } from '../../lib/production-check';

/** Environment variables of content moderation; merged into the one config parse in src/config.ts. */
export const moderationEnv = z.object({
  /** local: the shipped lexicon only. aliyun: Alibaba Cloud Content Moderation 2.0 as well (the lexicon still runs first). */
  MODERATION_PROVIDER: z.enum(['local', 'aliyun']).default('local'),
  /** One word a line, added to the local lexicon (both providers run it). */
  MODERATION_EXTRA_WORDS_FILE: z.string().optional(),
  /**
   * Production refuses to start on the local lexicon alone (a short list, no political screening) unless this says
   * the operator accepts it, or ALLOW_SANDBOX=true.
   */
  MODERATION_LOCAL_IN_PRODUCTION: z.stringbool().default(false),
  ALIYUN_GREEN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_GREEN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_GREEN_ENDPOINT: z.string().default('green-cip.cn-shanghai.aliyuncs.com'),
  ALIYUN_GREEN_QUESTION_SERVICE: z.string().default('llm_query_moderation'),
  ALIYUN_GREEN_ANSWER_SERVICE: z.string().default('llm_response_moderation'),
  /** Usernames, session names, contact and report texts. */
  ALIYUN_GREEN_TEXT_SERVICE: z.string().default('comment_detection_pro'),
  /** Risk levels that refuse a text, comma-separated. */
  ALIYUN_GREEN_BLOCK_LEVELS: z.string().default('high,medium'),
  ALIYUN_GREEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  /** A streamed reply is checked a sentence at a time, or every this many characters without a sentence end. */
  MODERATION_STREAM_MAX_CHARS: z.coerce.number().int().min(10).max(1_000).default(50),
});
type ModerationEnv = z.infer<typeof moderationEnv>;

const ALIYUN_KEYS = ['ALIYUN_GREEN_ACCESS_KEY_ID', 'ALIYUN_GREEN_ACCESS_KEY_SECRET'] as const;

/** The local lexicon is real filtering, but too thin to face the public alone without the operator saying so. */
export function moderationProviders(e: ModerationEnv): ProviderStatus[] {
  const real = e.MODERATION_PROVIDER === 'aliyun' || e.MODERATION_LOCAL_IN_PRODUCTION;
  return [
    {
      label: '内容审核',
      real,
      missing: real ? [] : ['MODERATION_PROVIDER=aliyun', ...unset(e, ALIYUN_KEYS), '（或 MODERATION_LOCAL_IN_PRODUCTION=true）'],
    },
  ];
}

export function moderationConfig(e: ModerationEnv) {
  if (e.MODERATION_PROVIDER === 'aliyun') {
    const [missing] = unset(e, ALIYUN_KEYS);
    if (missing) throw new Error(`配置错误: MODERATION_PROVIDER=aliyun 时必须设置 ${missing}`);
  }
  return {
    provider: e.MODERATION_PROVIDER,
    extraWordsFile: e.MODERATION_EXTRA_WORDS_FILE,
    streamMaxChars: e.MODERATION_STREAM_MAX_CHARS,
    aliyun: {
      accessKeyId: e.ALIYUN_GREEN_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.ALIYUN_GREEN_ACCESS_KEY_SECRET ?? '',
      endpoint: e.ALIYUN_GREEN_ENDPOINT,
      questionService: e.ALIYUN_GREEN_QUESTION_SERVICE,
      answerService: e.ALIYUN_GREEN_ANSWER_SERVICE,
      textService: e.ALIYUN_GREEN_TEXT_SERVICE,
      blockLevels: e.ALIYUN_GREEN_BLOCK_LEVELS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      timeoutMs: e.ALIYUN_GREEN_TIMEOUT_MS,
    },
  };
}
export type ModerationConfig = ReturnType<typeof moderationConfig>;

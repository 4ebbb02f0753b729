import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { parseExtraWords, shippedLexicon } from './lexicon';
import { Matcher } from './matcher';
import { warmNormalizer } from './normalize';
import { createAliyunModerationProvider } from './providers/aliyun';
import { createLocalProvider } from './providers/local';
import type { ModerationProvider, ModerationScene } from './providers/types';
import { createModerationRepository } from './repository';
import { createModerationService } from './service';

/** The lexicon automaton is built once per process and shared: it is read-only. */
let shared: { file: string | undefined; matcher: Matcher } | null = null;

function loadMatcher(extraWordsFile: string | undefined): Matcher {
  if (shared && shared.file === extraWordsFile) return shared.matcher;
  let extra: ReturnType<typeof parseExtraWords> = [];
  if (extraWordsFile) {
    try {
      extra = parseExtraWords(readFileSync(extraWordsFile, 'utf8'));
    } catch (err) {
      throw new Error(`配置错误: 无法读取 MODERATION_EXTRA_WORDS_FILE (${extraWordsFile}): ${(err as Error).message}`, { cause: err });
    }
  }
  warmNormalizer();
  const matcher = new Matcher([...shippedLexicon(), ...extra]);
  shared = { file: extraWordsFile, matcher };
  return matcher;
}

/**
 * Content moderation, built before the modules that check text (auth, chat, support, reports): the shipped lexicon
 * always, Alibaba Cloud Content Moderation after it when MODERATION_PROVIDER=aliyun. `aliyunProvider` replaces the
 * configured client (adapter tests).
 */
export function createModerationServices(d: { config: Config; db: Db; log: FastifyBaseLogger; aliyunProvider?: ModerationProvider }) {
  const cfg = d.config.moderation;
  const providers: ModerationProvider[] = [createLocalProvider(loadMatcher(cfg.extraWordsFile))];
  if (d.aliyunProvider) providers.push(d.aliyunProvider);
  else if (cfg.provider === 'aliyun') {
    const a = cfg.aliyun;
    const text = a.textService;
    const services: Record<ModerationScene, string> = {
      question: a.questionService,
      answer: a.answerService,
      username: text,
      session_name: text,
      contact: text,
      report: text,
      emergency_name: text,
    };
    providers.push(
      createAliyunModerationProvider({
        accessKeyId: a.accessKeyId,
        accessKeySecret: a.accessKeySecret,
        endpoint: a.endpoint,
        services,
        blockLevels: a.blockLevels,
        timeoutMs: a.timeoutMs,
        streamMaxChars: cfg.streamMaxChars,
        onError: (err) => d.log.warn({ err: (err as Error).message?.slice(0, 200) }, 'moderation: aliyun unavailable while streaming'),
      }),
    );
  }
  d.log.info({ providers: providers.map((p) => p.name) }, 'moderation: providers');
  return createModerationService({ providers, repo: createModerationRepository(d.db), log: d.log });
}

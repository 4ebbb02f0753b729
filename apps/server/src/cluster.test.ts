import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { processPlan } from './cluster';

const config = (o: {
  DATABASE_URL?: string;
  WEB_CONCURRENCY?: string;
  PAY_MODE?: string;
  WECHAT_PROVIDER?: string;
  REDIS_URL?: string;
}) => ({
  databaseUrl: o.DATABASE_URL,
  redisUrl: 'REDIS_URL' in o ? o.REDIS_URL : 'redis://127.0.0.1:6379',
  webConcurrency: o.WEB_CONCURRENCY ? Number(o.WEB_CONCURRENCY) : undefined,
  payment: { mode: o.PAY_MODE ?? 'sandbox' },
  wechat: { provider: o.WECHAT_PROVIDER ?? 'sandbox' },
});
const pg = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };
const realPayAndWechat = { PAY_MODE: 'live', WECHAT_PROVIDER: 'wechat' };

describe('how many processes serve', () => {
  it('runs PGlite as one process, and says so when WEB_CONCURRENCY asks for more', () => {
    expect(processPlan(config({}))).toEqual({
      workers: 1,
      note: 'PGlite 是单进程嵌入式数据库：以单进程运行（多进程请使用 PostgreSQL，见 docs/deploy.md）',
    });
    const asked = processPlan(config({ WEB_CONCURRENCY: '4' }));
    expect(asked.workers).toBe(1);
    expect(asked.note).toMatch(/^PGlite 是单进程嵌入式数据库：忽略 WEB_CONCURRENCY=4，以单进程运行/);
  });

  it('runs one worker per core on PostgreSQL, or WEB_CONCURRENCY workers', () => {
    expect(processPlan(config({ ...pg, ...realPayAndWechat })).workers).toBe(availableParallelism());
    expect(processPlan(config({ ...pg, ...realPayAndWechat, WEB_CONCURRENCY: '3' }))).toEqual({ workers: 3, note: null });
  });

  it('keeps one process by default while the in-process sandbox gateways hold state, and warns when told otherwise', () => {
    const plan = processPlan(config(pg));
    expect(plan.workers).toBe(1);
    expect(plan.note).toMatch(/PAY_MODE=sandbox、WECHAT_PROVIDER=sandbox/);
    const forced = processPlan(config({ ...pg, WEB_CONCURRENCY: '2' }));
    expect(forced.workers).toBe(2);
    expect(forced.note).toMatch(/只在创建它的进程上有效/);
  });

  it('warns that rate limits count per worker when several run without Redis', () => {
    const plan = processPlan(config({ ...pg, ...realPayAndWechat, WEB_CONCURRENCY: '2', REDIS_URL: undefined }));
    expect(plan).toEqual({ workers: 2, note: '未配置 REDIS_URL：请求限流按进程计数（2 个进程即 2 倍的次数）' });
  });
});

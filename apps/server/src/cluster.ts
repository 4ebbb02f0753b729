import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { serveClusterMetrics } from './lib/cluster-metrics';
import { loggerOptions } from './lib/logger';

export interface ProcessPlan {
  workers: number;
  /** Why the plan differs from what was asked or expected, for the start-up log. */
  note: string | null;
}

/**
 * How many processes serve: on PostgreSQL one worker per core (WEB_CONCURRENCY to choose), every one of them
 * stateless — sessions, limits, turns and caches live in the database or Redis (ADR 016). PGlite is an embedded
 * single-process database: one process, always. The sandbox payment gateways and WeChat Open Platform keep their
 * state (orders, generated keys, QR tickets) in the process that serves them, so by default they keep one process too.
 */
export function processPlan(
  config: Pick<Config, 'databaseUrl' | 'webConcurrency' | 'redisUrl'> & { payment: { mode: string }; wechat: { provider: string } },
): ProcessPlan {
  const plan = workerCount(config);
  if (plan.workers > 1 && !config.redisUrl) {
    const perWorker = `未配置 REDIS_URL：请求限流按进程计数（${plan.workers} 个进程即 ${plan.workers} 倍的次数）`;
    return { workers: plan.workers, note: plan.note ? `${plan.note}；${perWorker}` : perWorker };
  }
  return plan;
}

function workerCount(
  config: Pick<Config, 'databaseUrl' | 'webConcurrency'> & { payment: { mode: string }; wechat: { provider: string } },
): ProcessPlan {
  const asked = config.webConcurrency;
  if (!config.databaseUrl) {
    const ignored = asked && asked > 1 ? `忽略 WEB_CONCURRENCY=${asked}，` : '';
    return { workers: 1, note: `PGlite 是单进程嵌入式数据库：${ignored}以单进程运行（多进程请使用 PostgreSQL，见 docs/deploy.md）` };
  }
  const inProcess = [
    ...(config.payment.mode === 'sandbox' ? ['PAY_MODE=sandbox'] : []),
    ...(config.wechat.provider === 'sandbox' ? ['WECHAT_PROVIDER=sandbox'] : []),
  ];
  if (asked) {
    const warn =
      asked > 1 && inProcess.length
        ? `${inProcess.join('、')} 的沙箱状态保存在各自进程内：多进程时其支付/扫码页面只在创建它的进程上有效`
        : null;
    return { workers: asked, note: warn };
  }
  if (inProcess.length)
    return { workers: 1, note: `${inProcess.join('、')} 的沙箱状态保存在进程内：以单进程运行（设置 WEB_CONCURRENCY 可改变）` };
  return { workers: availableParallelism(), note: null };
}

/** A worker that dies this soon after starting counts towards a crash loop. */
const EARLY_EXIT_MS = 10_000;
const MAX_EARLY_EXITS = 5;

/**
 * The primary: applies migrations once, forks the workers (they share the port; the kernel's connection handling is
 * Node's round robin), replaces a worker that dies, and on SIGTERM/SIGINT asks every worker to drain and waits for
 * them (each finishes its requests and lets chat replies end within SHUTDOWN_GRACE_MS).
 */
export async function runPrimary(config: Config, plan: ProcessPlan): Promise<void> {
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  if (plan.note) log.warn(plan.note);
  // Before any worker opens the database: concurrent first migrations would race each other.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await database.close();

  let stopping = false;
  let earlyExits = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited: starting a new one');
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    if (earlyExits >= MAX_EARLY_EXITS) {
      log.fatal('workers keep exiting right after start: stopping');
      process.exit(1);
    }
    fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal, workers: startedAt.size }, 'shutting down: workers finish their requests');
      for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
      setTimeout(() => process.exit(1), config.shutdown.forceExitMs + 2_000).unref();
    });
  }
  serveClusterMetrics();
  for (let i = 0; i < plan.workers; i++) fork();
  log.info({ workers: plan.workers, port: config.port }, `serving with ${plan.workers} worker processes`);
}

export const isWorker = () => cluster.isWorker;

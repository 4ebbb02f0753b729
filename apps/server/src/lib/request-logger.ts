import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString } from 'pino';

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const INFO = 30;

/**
 * A request's logger that becomes a pino child only when something is logged through it. Fastify makes a child per
 * request (its request id as a binding, and the route's log level); pino builds formatters, serialises the bindings
 * through the redaction stringifier and sets the level on each: ~2 µs a request for lines that mostly never come
 * (every route logs at most its one access line, and the Bazi calculator none: npm run bench:bazi).
 */
class LazyRequestLogger {
  #real: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  readonly level: LevelWithSilentOrString;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.level = options.level ?? parent.level;
  }

  #logger(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  isLevelEnabled(level: Level): boolean {
    return (LEVELS[level] ?? 0) >= (LEVELS[this.level] ?? INFO);
  }

  #log(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.#logger()[level] as (...a: unknown[]) => void)(...args);
  }

  // Methods on the prototype, not per-instance closures: nothing is allocated for a request that logs nothing.
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made a pino child on first use. */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

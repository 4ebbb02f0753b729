import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './apps/web/e2e/support/workers';

// One runner for all three tiers; `scripts/test.mjs` runs the projects in order so a unit failure is reported first.
export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on the 2-core machines here and in CI, while most tests
    // wait on PostgreSQL, timers or the browser: two at a time took the integration tier from 212 s to 136 s and unit +
    // web from 86 s to 67 s (docs/benchmarks.md, Test suite). The e2e project runs E2E_WORKERS files at a time, each worker against its own server.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          // Nothing here is mocked by module (no vi.mock), so the files of one worker share one module graph.
          isolate: false,
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Oracle cross-checks (tiktoken, lunar-javascript) and PGlite start-ups are CPU-bound: on a busy 2-core
          // machine they outlast vitest's 5 s / 10 s defaults without anything being wrong.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          // One jsdom and one module graph (React, antd) per worker instead of per file: the tier spent two thirds of
          // its CPU building those again for each of its ~50 files (100 s -> 31 s). setup.ts resets what tests touch.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          // Every file builds its own app on its own database and nothing is mocked, so the files of one worker can
          // share one module graph: each file no longer re-imports the whole server (~1.3 s of CPU a file).
          isolate: false,
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Its files wait on child processes, PostgreSQL and timers about a fifth of the time: one worker more than
          // cores keeps both cores busy (2 -> 3 workers here: 144 s -> 126-130 s for the tier).
          maxWorkers: availableParallelism() + 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One server per worker (global-setup), so files run side by side without sharing accounts or settings.
          maxWorkers: E2E_WORKERS,
          globalSetup: ['apps/web/e2e/global-setup.ts'],
        },
      },
    ],
  },
});

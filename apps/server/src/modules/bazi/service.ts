import { computeChart, isBaziInputError, parseSpecRequest, type BaziChart, type BaziInput } from '@lingxi/bazi';
import { BAZI_MESSAGES, type BaziChartData, type BaziChartList, type BaziRequest, type BaziSavedChart } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { BaziRepository } from './repository';

type DeepWritable<T> = T extends readonly (infer U)[]
  ? DeepWritable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepWritable<T[K]> }
    : T;
// Compile-time proof that the calculator's chart satisfies the shared contract, so the cast below is sound.
const chartMatchesContract = (c: DeepWritable<BaziChart>): BaziChartData => c;
void chartMatchesContract;
const asChartData = (chart: BaziChart) => chart as unknown as BaziChartData;

export interface BaziServiceDeps {
  repo: BaziRepository;
  now: () => Date;
  log: FastifyBaseLogger;
  maxSavedCharts: number;
  /** The calculator; a test hands in a failing one to check that a bug never leaks. */
  compute?: (input: BaziInput) => BaziChart;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The request as it was understood: canonical place, 2-digit times and every option resolved, to refill the form. */
function normalisedRequest(input: BaziInput, chart: BaziChart): BaziRequest {
  return {
    year: pad(input.year, 4),
    month: pad(input.month),
    day: pad(input.day),
    hour: pad(input.hour),
    minute: pad(input.minute),
    isLeapMonth: input.isLeapMonth === true,
    gender: chart.gender,
    calendarType: input.calendar,
    birth_place: chart.birth_place,
    ...chart.options,
  };
}

export function createBaziService(deps: BaziServiceDeps) {
  const compute = deps.compute ?? computeChart;

  function cast(body: unknown): { input: BaziInput; chart: BaziChart } {
    try {
      const input = parseSpecRequest(body);
      return { input, chart: compute(input) };
    } catch (err) {
      // The calculator words every impossible input itself; anything else is a bug and must not leak its text.
      if (isBaziInputError(err)) throw badRequest(err.message, `BAZI_${err.code}`);
      deps.log.error({ err }, 'bazi chart failed');
      throw new AppError(500, BAZI_MESSAGES.failed, 'BAZI_FAILED');
    }
  }

  return {
    /** Anonymous callers get the chart only; a signed-in user's chart is also saved (one insert). */
    async calculate(body: unknown, user: Pick<UserRow, 'id'> | null): Promise<{ chart: BaziChartData; message: string }> {
      const { input, chart } = cast(body);
      if (!user) return { chart: asChartData(chart), message: BAZI_MESSAGES.success };
      try {
        await deps.repo.insert(
          { userId: user.id, input: normalisedRequest(input, chart), result: chart, createdAt: deps.now() },
          deps.maxSavedCharts,
        );
        return { chart: asChartData(chart), message: BAZI_MESSAGES.saved };
      } catch (err) {
        // The chart itself is correct; losing the copy in "我的命盘" should not cost the user the answer.
        deps.log.error({ err }, 'saving bazi chart failed');
        return { chart: asChartData(chart), message: BAZI_MESSAGES.saveFailed };
      }
    },

    async list(userId: string, page: number, pageSize: number): Promise<BaziChartList> {
      const { rows, total } = await deps.repo.list(userId, page, pageSize);
      return {
        records: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          gender: row.gender ?? '',
          title: row.title ?? '',
          birth_time: row.birthTime ?? '',
          birth_place: row.birthPlace ?? '',
          calendar_type: row.calendarType ?? 'solar',
          lunar_date: row.lunarDate ?? '',
          pillars: row.pillars ?? '',
        })),
        total,
        page,
        page_size: pageSize,
      };
    },

    async get(userId: string, id: string): Promise<BaziSavedChart> {
      const row = await deps.repo.find(userId, id);
      if (!row) throw notFound(BAZI_MESSAGES.notFound);
      return { id: row.id, created_at: row.createdAt.toISOString(), input: row.input as BaziRequest, result: row.result as BaziChartData };
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deps.repo.delete(userId, id))) throw notFound(BAZI_MESSAGES.notFound);
    },
  };
}
export type BaziService = ReturnType<typeof createBaziService>;

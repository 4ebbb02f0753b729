import { computeChart, isBaziInputError, parseSpecRequest, type BaziChart, type BaziInput } from '@lingxi/bazi';
import {
  BAZI_MESSAGES,
  type BaziChartData,
  type BaziChartList,
  type BaziChartPatch,
  type BaziRequest,
  type BaziSavedChart,
} from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { BaziRepository, SavedChartRow } from './repository';

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
  compute?: (input: BaziInput, now: () => number) => BaziChart;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The request as it was understood: canonical place, 2-digit times and every option resolved, to refill the form. */
function normalisedRequest(input: BaziInput, chart: BaziChart): BaziRequest {
  const time = chart.hour_unknown ? { hourUnknown: true } : { hour: pad(input.hour ?? 0), minute: pad(input.minute ?? 0) };
  return {
    year: pad(input.year, 4),
    month: pad(input.month),
    day: pad(input.day),
    ...time,
    isLeapMonth: input.isLeapMonth === true,
    gender: chart.gender,
    calendarType: input.calendar,
    birth_place: chart.birth_place,
    ...chart.options,
  };
}

/** How a saved chart is shown: with the timeline (`include`) and for which year (ADR 021). */
export interface ChartView {
  liu_yue_year?: string | number;
  include?: string | string[];
}

/** The chart name as stored: trimmed, and null when empty. */
const storedName = (name: string | null | undefined) => (name?.trim() ? name.trim() : null);

export function createBaziService(deps: BaziServiceDeps) {
  const compute = deps.compute ?? computeChart;
  const clock = () => deps.now().getTime();

  function cast(body: unknown): { input: BaziInput; chart: BaziChart } {
    try {
      const input = parseSpecRequest(body);
      // With the timeline, the 流月 year defaults to the current year on this server's clock (tests move it).
      return { input, chart: compute(input, clock) };
    } catch (err) {
      // The calculator words every impossible input itself; anything else is a bug and must not leak its text.
      if (isBaziInputError(err)) throw badRequest(err.message, `BAZI_${err.code}`);
      deps.log.error({ err }, 'bazi chart failed');
      throw new AppError(500, BAZI_MESSAGES.failed, 'BAZI_FAILED');
    }
  }

  /**
   * A saved chart is cast again from its stored request, so it always has today's fields and the asked-for year;
   * should that fail (a request a later calculator refuses), the stored result is shown as it was saved.
   */
  function savedChart(row: SavedChartRow, view: ChartView = {}): BaziSavedChart {
    const input = row.input as BaziRequest;
    let result = row.result as BaziChartData;
    try {
      result = asChartData(cast({ ...input, ...view }).chart);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 400 && Object.keys(view).length) throw err;
      deps.log.warn({ err, chart: row.id }, 'saved bazi chart could not be cast again; showing the stored result');
    }
    return { id: row.id, created_at: row.createdAt.toISOString(), name: row.name, input, result };
  }

  return {
    cast,

    /** Anonymous callers get the chart only; a signed-in user's chart is also saved (one insert). */
    async calculate(
      body: BaziRequest,
      user: Pick<UserRow, 'id'> | null,
    ): Promise<{ chart: BaziChart; chartId: string | null; message: string }> {
      const { input, chart } = cast(body);
      if (!user) return { chart, chartId: null, message: BAZI_MESSAGES.success };
      try {
        const saved = await deps.repo.insert(
          { userId: user.id, input: normalisedRequest(input, chart), result: chart, name: storedName(body.name), createdAt: deps.now() },
          deps.maxSavedCharts,
        );
        return { chart, chartId: saved.id, message: BAZI_MESSAGES.saved };
      } catch (err) {
        // The chart itself is correct; losing the copy in "我的命盘" should not cost the user the answer.
        deps.log.error({ err }, 'saving bazi chart failed');
        return { chart, chartId: null, message: BAZI_MESSAGES.saveFailed };
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
          name: row.name,
          hour_unknown: row.hourUnknown === true,
        })),
        total,
        page,
        page_size: pageSize,
      };
    },

    async get(userId: string, id: string, view: ChartView = {}): Promise<BaziSavedChart> {
      const row = await deps.repo.find(userId, id);
      if (!row) throw notFound(BAZI_MESSAGES.notFound);
      return savedChart(row, view);
    },

    /** Renames a saved chart and/or casts it again with other options; the stored request and result follow. */
    async update(userId: string, id: string, patch: BaziChartPatch): Promise<BaziSavedChart> {
      const row = await deps.repo.find(userId, id);
      if (!row) throw notFound(BAZI_MESSAGES.notFound);
      const { name, liu_yue_year, include, ...options } = patch;
      const request = { ...(row.input as BaziRequest), ...options };
      const { input, chart } = cast(request);
      const updated = await deps.repo.update(userId, id, {
        input: normalisedRequest(input, chart),
        result: chart,
        name: name === undefined ? row.name : storedName(name),
      });
      if (!updated) throw notFound(BAZI_MESSAGES.notFound);
      return savedChart(updated, {
        ...(liu_yue_year === undefined ? {} : { liu_yue_year }),
        ...(include === undefined ? {} : { include }),
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deps.repo.delete(userId, id))) throw notFound(BAZI_MESSAGES.notFound);
    },
  };
}
export type BaziService = ReturnType<typeof createBaziService>;

import { sharedPartJson, writeChartJson, type BaziChart, type ChartJsonSink } from '@lingxi/bazi';

/**
 * The answer of POST /bazi-paipan/paipan as bytes (ADR 021). A chart is ~14 kB of mostly Chinese JSON; turning that
 * string into UTF-8 (and measuring it for Content-Length) had cost the route more than building the chart. The parts
 * every chart shares (pillar views, decades of 流年, a year's 流月, relations …) are kept here as UTF-8 bytes beside
 * their objects, so an answer is a copy of those bytes with the few per-chart texts written in between.
 */
interface ChartAnswer {
  readonly success: true;
  readonly message: string;
  readonly data: BaziChart;
  readonly chart_id?: string;
}

const answers = new WeakSet<object>();

export function chartAnswer(chart: BaziChart, message: string, chartId: string | null): ChartAnswer {
  const answer: ChartAnswer = chartId
    ? { success: true, message, data: chart, chart_id: chartId }
    : { success: true, message, data: chart };
  answers.add(answer);
  return answer;
}

const sharedBytes = new WeakMap<object, Buffer>();

/** Writes into one buffer reused by every answer (serialisation is synchronous), growing it when an answer needs. */
class BufferSink implements ChartJsonSink {
  static buffer = Buffer.allocUnsafe(64 * 1024);
  at = 0;

  private room(bytes: number): void {
    if (this.at + bytes <= BufferSink.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(BufferSink.buffer.length * 2, this.at + bytes));
    BufferSink.buffer.copy(bigger, 0, 0, this.at);
    BufferSink.buffer = bigger;
  }

  text(json: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.room(json.length * 3);
    this.at += BufferSink.buffer.write(json, this.at);
  }

  shared(value: object): void {
    let bytes = sharedBytes.get(value);
    if (!bytes) {
      bytes = Buffer.from(sharedPartJson(value));
      sharedBytes.set(value, bytes);
    }
    this.room(bytes.length);
    bytes.copy(BufferSink.buffer, this.at);
    this.at += bytes.length;
  }

  /** A copy of what was written: the answer outlives the next serialisation. */
  result(): Buffer {
    return Buffer.from(BufferSink.buffer.subarray(0, this.at));
  }
}

/**
 * Route option `serializerCompiler` for the chart route: the chart answer as bytes (the same bytes as
 * JSON.stringify would give, ~5× cheaper); anything else the route sends (errors) through JSON.stringify.
 */
export const chartAnswerJson = () => (payload: unknown) => {
  if (typeof payload !== 'object' || payload === null || !answers.has(payload)) return JSON.stringify(payload);
  const a = payload as ChartAnswer;
  const sink = new BufferSink();
  sink.text(`{"success":true,"message":${JSON.stringify(a.message)},"data":`);
  writeChartJson(a.data, sink);
  sink.text(a.chart_id ? `,"chart_id":${JSON.stringify(a.chart_id)}}` : '}');
  return sink.result() as unknown as string;
};

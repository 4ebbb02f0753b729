import { sharedPartJson, writeChartJson, type BaziChart, type ChartJsonSink } from '@lingxi/bazi';

/**
 * The answer of POST /bazi-paipan/paipan as bytes (ADR 021). Most of a chart's ~8 kB of JSON is parts every chart
 * shares (pillar views, luck-cycle analyses, decades of 流年, relations …): their UTF-8 bytes are kept beside them, so an
 * answer is a copy of those bytes with the few per-chart texts written in between. Under load this serialisation was
 * the route's largest cost (npm run bench:bazi), so each step here avoids a call per piece where it can.
 */
class ChartAnswer {
  readonly success = true;
  constructor(
    readonly message: string,
    readonly data: BaziChart,
    readonly chart_id?: string,
  ) {}
}

export function chartAnswer(chart: BaziChart, message: string, chartId: string | null): ChartAnswer {
  return chartId ? new ChartAnswer(message, chart, chartId) : new ChartAnswer(message, chart);
}

const sharedBytes = new WeakMap<object, Buffer>();

/**
 * Answers are carved one after another out of a slab, like Node's own buffer pool: no allocation and no copy per
 * answer. A slab is left to the answers still being written from it once the next answer might not fit. Slabs are
 * small on purpose: an answer a slow client has not taken yet keeps its whole slab alive, so a held answer holds at
 * most 32 kB (about four answers' worth) rather than one copy of itself — larger slabs bought no more throughput.
 */
const SLAB_BYTES = 32 * 1024;
/** Room kept free for one answer (~8 kB, ~15 kB with the timeline); a larger one moves to a buffer of its own. */
const ANSWER_ROOM = 16 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabAt = 0;

class SlabSink implements ChartJsonSink {
  private buf: Buffer;
  private start: number;
  private at: number;
  /** Per-chart texts are joined in JS and written in one call just before the next shared part. */
  private pending = '';

  constructor() {
    if (slabAt + ANSWER_ROOM > slab.length) {
      slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      slabAt = 0;
    }
    this.buf = slab;
    this.start = this.at = slabAt;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const own = Buffer.allocUnsafeSlow(Math.max(ANSWER_ROOM, 2 * (this.at - this.start + bytes)));
    this.buf.copy(own, 0, this.start, this.at);
    this.at -= this.start;
    this.start = 0;
    this.buf = own;
  }

  private flush(): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.room(this.pending.length * 3);
    this.at += this.buf.write(this.pending, this.at);
    this.pending = '';
  }

  text(json: string): void {
    this.pending += json;
  }

  shared(value: object): void {
    let bytes = sharedBytes.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(sharedPartJson(value));
      sharedBytes.set(value, bytes);
    }
    if (this.pending.length) this.flush();
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** The answer's bytes; the slab moves past them (8-byte aligned) so no later answer overwrites them. */
  result(): Buffer {
    if (this.pending.length) this.flush();
    if (this.buf === slab) slabAt = (this.at + 7) & ~7;
    return this.buf.subarray(this.start, this.at);
  }
}

/**
 * Route option `serializerCompiler` for the chart route: the chart answer as bytes (the same bytes as
 * JSON.stringify would give); anything else the route sends (errors) through JSON.stringify.
 */
export const chartAnswerJson = () => (payload: unknown) => {
  if (!(payload instanceof ChartAnswer)) return JSON.stringify(payload);
  const sink = new SlabSink();
  sink.text(`{"success":true,"message":${JSON.stringify(payload.message)},"data":`);
  writeChartJson(payload.data, sink);
  sink.text(payload.chart_id ? `,"chart_id":${JSON.stringify(payload.chart_id)}}` : '}');
  return sink.result() as unknown as string;
};

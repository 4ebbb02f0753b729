/**
 * Paints streamed text at most once per animation frame (spec §4): chunks can arrive hundreds of times a second,
 * the screen needs only the latest text each frame. `flush` paints now (final event, stop).
 */
export function createFrameBuffer(apply: (text: string) => void) {
  let pending: string | null = null;
  let frame = 0;
  const paint = () => {
    frame = 0;
    if (pending === null) return;
    const text = pending;
    pending = null;
    apply(text);
  };
  return {
    push(text: string) {
      pending = text;
      if (!frame) frame = requestAnimationFrame(paint);
    },
    flush() {
      if (frame) cancelAnimationFrame(frame);
      paint();
    },
    cancel() {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      pending = null;
    },
  };
}

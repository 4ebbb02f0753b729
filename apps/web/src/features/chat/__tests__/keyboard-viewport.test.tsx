import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeyboardViewport } from '../hooks/use-keyboard-viewport';

/** A visual viewport that the test can shrink, as a phone keyboard does. */
function fakeViewport() {
  const target = new EventTarget() as EventTarget & { height: number };
  target.height = window.innerHeight;
  vi.stubGlobal('visualViewport', target);
  return target;
}

afterEach(() => vi.unstubAllGlobals());

describe('the keyboard opening on a phone', () => {
  it('scrolls to the newest message only once the page has taken the smaller height', async () => {
    const vv = fakeViewport();
    const heightsSeen: (string | null)[] = [];
    let page: HTMLDivElement | null = null;
    function Page() {
      const height = useKeyboardViewport(true, () => heightsSeen.push(page?.style.height ?? null));
      return <div ref={(el) => void (page = el)} style={height ? { height } : undefined} />;
    }
    render(<Page />);
    vv.height = window.innerHeight - 300;
    await act(async () => {
      vv.dispatchEvent(new Event('resize'));
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(heightsSeen.length).toBeGreaterThan(0);
    // Every scroll happened with the new height already applied, never before it.
    expect(heightsSeen.every((h) => h === `${window.innerHeight - 300}px`)).toBe(true);
  });
});

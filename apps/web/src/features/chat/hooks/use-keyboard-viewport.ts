import { KEYBOARD_RESIZE_THRESHOLD } from '@lingxi/shared/rules';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Mobile keyboards shrink the visual viewport, not the layout one. When it shrinks by more than 150 px (spec §2) the
 * keyboard is open: the page takes the visible height, so the input stays above the keyboard, and `onOpen` scrolls
 * the newest message into view — after the page has taken the new height (scrolling before it, the newest ~300 px
 * stayed under the keyboard: issue #16).
 */
export function useKeyboardViewport(enabled: boolean, onOpen: () => void): number | null {
  const [height, setHeight] = useState<number | null>(null);
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current = onOpen;
  }, [onOpen]);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!enabled || !vv) return;
    const onResize = () => {
      const open = window.innerHeight - vv.height > KEYBOARD_RESIZE_THRESHOLD;
      setHeight(open ? Math.round(vv.height) : null);
    };
    vv.addEventListener('resize', onResize);
    return () => vv.removeEventListener('resize', onResize);
  }, [enabled]);
  // Runs once the new height is in the DOM; the frame after it, once the browser has laid the page out again.
  useLayoutEffect(() => {
    if (height === null) return;
    opened.current();
    const frame = requestAnimationFrame(() => opened.current());
    return () => cancelAnimationFrame(frame);
  }, [height]);
  return height;
}

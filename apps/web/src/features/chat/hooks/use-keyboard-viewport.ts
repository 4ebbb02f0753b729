import { KEYBOARD_RESIZE_THRESHOLD } from '@lingxi/shared/rules';
import { useEffect, useState } from 'react';

/**
 * Mobile keyboards shrink the visual viewport, not the layout one. When it shrinks by more than 150 px (spec §2) the
 * keyboard is open: the page takes the visible height, so the input stays above the keyboard, and `onOpen` scrolls
 * the newest message into view.
 */
export function useKeyboardViewport(enabled: boolean, onOpen: () => void): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!enabled || !vv) return;
    const onResize = () => {
      const open = window.innerHeight - vv.height > KEYBOARD_RESIZE_THRESHOLD;
      setHeight(open ? Math.round(vv.height) : null);
      if (open) onOpen();
    };
    vv.addEventListener('resize', onResize);
    return () => vv.removeEventListener('resize', onResize);
  }, [enabled, onOpen]);
  return height;
}

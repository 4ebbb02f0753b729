import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a lazily loaded page on a loaded 2-core machine can take longer. A
// wait still ends as soon as what it waits for appears, so this only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 5_000 });

// Toasts and dialogs load antd's holders on first use (lib/feedback.tsx). Loading that module once up front keeps the
// tests that read a toast right after advancing fake timers independent of how long the module takes to load.
await import('@/lib/feedback-host');

// jsdom lacks the layout APIs antd probes for (responsive observers, breakpoints, scroll measurement).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// antd calls getComputedStyle with a pseudo-element, which jsdom reports as "not implemented" noise.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => originalGetComputedStyle(elt);

if (!window.scrollTo || String(window.scrollTo).includes('notImplemented')) {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
}

// vitest runs without globals, so Testing Library cannot register its own cleanup. The files of a worker share one
// window (isolate: false in vitest.config.ts): what a test leaves in storage or the address bar is reset here.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

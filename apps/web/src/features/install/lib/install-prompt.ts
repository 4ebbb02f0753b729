/**
 * The browser's offer to install the app (Chrome on Android: `beforeinstallprompt`), kept from the moment the page
 * starts — the event fires once, early, often before any React component is mounted — until a banner uses it.
 */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Called once from main.tsx. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Our own banner asks at a calm moment instead of the browser's mini-infobar.
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export const installPrompt = {
  get: () => deferred,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  /** Shows the browser's install dialog; true when the user installed. The event can be used only once. */
  async ask(): Promise<boolean> {
    const e = deferred;
    if (!e) return false;
    deferred = null;
    notify();
    await e.prompt();
    return (await e.userChoice).outcome === 'accepted';
  },
};

/** iOS Safari (not Chrome/Firefox/WeChat on iOS, not already opened from the home screen): only a manual 添加到主屏幕. */
export function isIosSafari(ua: string, standalone: boolean): boolean {
  return /iP(hone|ad|od)/.test(ua) && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|MicroMessenger|QQ\//.test(ua) && !standalone;
}

export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app';
import { useAuthStore } from './features/auth/stores/auth-store';
import { listenForInstallPrompt, registerServiceWorker } from './features/install';
import './styles/global.css';
import './styles/controls.css';

// Outside React so StrictMode's double effects cannot start it twice (spec §2: auth initialises once at start).
void useAuthStore.getState().initialize();

// The install offer fires once and early; the service worker (offline page, cached shell) after the page has loaded.
listenForInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
// for its whole length (antd computes its CSS during render), so a tap on a slow phone is answered meanwhile; the
// HTML app shell stays on screen until the render commits.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
});

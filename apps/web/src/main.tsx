import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app';
import { useAuthStore } from './features/auth/stores/auth-store';
import './styles/global.css';

// Outside React so StrictMode's double effects cannot start it twice (spec §2: auth initialises once at start).
void useAuthStore.getState().initialize();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);

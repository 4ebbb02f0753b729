/** Installable app (issue #16): the install offer on Android, the 添加到主屏幕 hint on iOS, the service worker. */
export { InstallBanner } from './components/install-banner';
export { listenForInstallPrompt } from './lib/install-prompt';
export { registerServiceWorker } from './lib/register-service-worker';

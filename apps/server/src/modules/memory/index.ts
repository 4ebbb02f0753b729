// The memory module's public surface: app.ts wires it through module.ts; nothing else needs its files.
export { memoryAllowed, SENSITIVE_KIND } from './service';

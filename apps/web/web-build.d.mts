export declare const webBuildInputs: string[];
/** `built` and `inputs` default to apps/web/dist/index.html and webBuildInputs. */
export declare function isWebBuildStale(options?: { built?: string; inputs?: string[] }): boolean;
export declare function buildWeb(options?: { logLevel?: 'info' | 'warn' | 'error' | 'silent' }): Promise<void>;

/**
 * How many spec files run at once (E2E_WORKERS, default 3); global-setup starts one server for each. The tier waits on
 * the browser and timers a fifth of the time with two files at a time on the 2-core machines here; a third file uses
 * that (250 s -> 234 s for the tier).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

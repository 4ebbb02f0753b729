/**
 * How many spec files run at once (E2E_WORKERS, default 2); global-setup starts one server for each. The tier mostly
 * waits on the browser and timers, so two files side by side take about half the time on the 2-core machines here.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

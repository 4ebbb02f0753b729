/**
 * How many spec files run at once (E2E_WORKERS, default 2); global-setup starts one server for each. The tier mostly
 * waits on the browser and timers, so two files side by side take about half the time on the 2-core machines here.
 * A third measured 234 s instead of 250 s for the tier, but left too little CPU for timely pages: several specs timed
 * out waiting for a toast or a dropdown.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

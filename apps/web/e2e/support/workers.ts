/**
 * How many spec files run at once (E2E_WORKERS, default 3); global-setup starts one server for each. A file waits on
 * the browser, its server and timers part of the time, so on the 2-core machines here two at a time left ~15% of the
 * CPU idle: three took the tier from 219 s to 200 s. (An earlier try of three lost clicks and timed out; the specs now
 * tap again when a tap did not take, see clickUntil.)
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

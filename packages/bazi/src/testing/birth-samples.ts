/**
 * Seeded random births for the cross-checks against lunar-javascript and tyme4ts (replayable from the seed). Births
 * within `marginSeconds` of a solar term are skipped: the libraries compute their own term times, up to 27 s from our
 * VSOP87 table in 1901-2099, so right at a term either answer can be right for its table. Not used by the calculator.
 */
import { daysInMonth } from '../calendar/civil-date';
import { momentFromParts } from '../calendar/moment';
import { termIndexAtOrBefore, termMomentAt } from '../terms/solar-terms';
import { randomInt, seededRandom } from './seeded-random';

export interface BirthSample {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  gender: 'male' | 'female';
}

export function seededBirths(seed: number, count: number, marginSeconds: number): { samples: BirthSample[]; skipped: number } {
  const random = seededRandom(seed);
  const samples: BirthSample[] = [];
  let skipped = 0;
  while (samples.length < count) {
    const year = randomInt(random, 1901, 2099);
    const month = randomInt(random, 1, 12);
    const s: BirthSample = {
      year,
      month,
      day: randomInt(random, 1, daysInMonth(year, month)),
      hour: randomInt(random, 0, 23),
      minute: randomInt(random, 0, 59),
      gender: random() < 0.5 ? 'male' : 'female',
    };
    const m = momentFromParts(s.year, s.month, s.day, s.hour, s.minute);
    const t = termIndexAtOrBefore(m);
    if (m - termMomentAt(t) < marginSeconds || termMomentAt(t + 1) - m < marginSeconds) skipped++;
    else samples.push(s);
  }
  return { samples, skipped };
}

/**
 * Compact text form of the solar-term table.
 *
 * Each term's moment is a per-term straight line over the years plus a residual of a
 * few thousand seconds (nutation, planetary perturbations, perihelion drift). The
 * residuals are written as three base-64 digits, which keeps the table at ~19 kB of
 * source for the browser bundle while staying exact to the second.
 */
import { TERMS_PER_YEAR } from './term-names';

export interface EncodedSolarTerms {
  readonly firstYear: number;
  /** Moment (seconds) of each term in `firstYear`'s fitted line. */
  readonly intercepts: readonly number[];
  /** Seconds per year of each term's fitted line. */
  readonly slopes: readonly number[];
  /** One string per year: 24 residuals, three base-64 digits each. */
  readonly residuals: readonly string[];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGITS = 3;
const BIAS = 1 << (6 * DIGITS - 1);

const DIGIT_VALUES: Readonly<Record<string, number>> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));

function encodeResidual(value: number): string {
  if (!Number.isInteger(value) || value < -BIAS || value >= BIAS) throw new RangeError(`residual ${value} does not fit`);
  let rest = value + BIAS;
  let out = '';
  for (let i = 0; i < DIGITS; i++) {
    out = ALPHABET[rest & 63] + out;
    rest >>= 6;
  }
  return out;
}

/** Turns exact term moments (row per year, 24 per row) into the compact form. */
export function encodeSolarTerms(firstYear: number, moments: readonly (readonly number[])[]): EncodedSolarTerms {
  const years = moments.length;
  const intercepts: number[] = [];
  const slopes: number[] = [];
  const meanX = (years - 1) / 2;
  for (let k = 0; k < TERMS_PER_YEAR; k++) {
    const ys = moments.map((row) => row[k]!);
    const meanY = ys.reduce((a, b) => a + b, 0) / years;
    let sxy = 0;
    let sxx = 0;
    ys.forEach((y, x) => {
      sxy += (x - meanX) * (y - meanY);
      sxx += (x - meanX) ** 2;
    });
    // Integer coefficients keep decoding exact in plain float arithmetic.
    const slope = Math.round(sxy / sxx);
    slopes.push(slope);
    intercepts.push(Math.round(meanY - slope * meanX));
  }
  const residuals = moments.map((row, x) => row.map((m, k) => encodeResidual(m - intercepts[k]! - slopes[k]! * x)).join(''));
  return { firstYear, intercepts, slopes, residuals };
}

/** Expands the compact form into a flat, chronologically sorted list of moments. */
export function decodeSolarTerms(encoded: EncodedSolarTerms): Float64Array {
  const out = new Float64Array(encoded.residuals.length * TERMS_PER_YEAR);
  encoded.residuals.forEach((row, x) => {
    for (let k = 0; k < TERMS_PER_YEAR; k++) {
      let value = 0;
      for (let d = 0; d < DIGITS; d++) value = value * 64 + DIGIT_VALUES[row[k * DIGITS + d]!]!;
      out[x * TERMS_PER_YEAR + k] = encoded.intercepts[k]! + encoded.slopes[k]! * x + value - BIAS;
    }
  });
  return out;
}

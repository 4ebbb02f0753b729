// astronomia ships no type declarations; this covers the few functions the generators,
// the verification tests and nothing at runtime use.
declare module 'astronomia' {
  export interface Coord {
    lon: number;
    lat: number;
    range: number;
  }
  export namespace planetposition {
    class Planet {
      constructor(data: object);
      position(jde: number): Coord;
    }
  }
  export const solar: {
    apparentVSOP87(planet: planetposition.Planet, jde: number): Coord;
  };
  export const solstice: {
    /** JDE at which the apparent solar longitude (radians) reaches `lon`, searched from the year's equinox/solstice seed. */
    longitude(year: number, planet: planetposition.Planet, lon: number): number;
  };
  export const deltat: {
    /** ΔT = TT − UT in seconds for a decimal year. */
    deltaT(decimalYear: number): number;
  };
  export const eqtime: {
    /** Equation of time as an hour angle in radians. */
    e(jde: number, earth: planetposition.Planet): number;
  };
  export const moonphase: {
    /** JDE of the new moon nearest the decimal year. */
    newMoon(decimalYear: number): number;
  };
}

declare module 'astronomia/data/vsop87Bearth' {
  const data: object;
  export default data;
}

declare module 'astronomia/data/vsop87Dearth' {
  const data: object;
  export default data;
}

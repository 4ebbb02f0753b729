/**
 * Birthplace lookup shared by the web form and the server.
 *
 * The spec's `birth_place` is the province's short name immediately followed by the
 * city's short name, with no separator: '北京北京', '广东深圳', '重庆万州', '台湾新竹市'.
 * formatBirthPlace() produces exactly that. parseBirthPlace() also accepts full names
 * ('广东省深圳市') and one separator of space, '-', '/', '·' or a comma between the parts,
 * and a municipality or SAR on its own ('北京' = 北京北京). Province names are
 * prefix-free, so the joined form can always be split unambiguously.
 */
import { PROVINCE_RECORDS, type ProvinceKind } from './place-data';

export interface City {
  readonly name: string;
  readonly fullName: string;
  /** Degrees east. */
  readonly longitude: number;
  /** Degrees north. */
  readonly latitude: number;
}

export interface Province {
  readonly name: string;
  readonly fullName: string;
  readonly kind: ProvinceKind;
  readonly cities: readonly City[];
}

export interface Place {
  readonly province: string;
  readonly city: string;
  /** The canonical `birth_place` string, e.g. '广东深圳'. */
  readonly label: string;
  readonly longitude: number;
  readonly latitude: number;
}

const PROVINCES: readonly Province[] = Object.freeze(
  PROVINCE_RECORDS.map((record) =>
    Object.freeze({
      name: record.name,
      fullName: record.fullName,
      kind: record.kind,
      cities: Object.freeze(
        record.cities.map(([name, longitude, latitude, fullName]) =>
          Object.freeze({ name, fullName: fullName ?? name + record.citySuffix, longitude, latitude }),
        ),
      ),
    }),
  ),
);

const SEPARATORS = /[\s\-/·,，]+/;

const matches = (candidate: { name: string; fullName: string }, text: string) => candidate.name === text || candidate.fullName === text;

export function listProvinces(): readonly Province[] {
  return PROVINCES;
}

/** Cities of a province given by short or full name; empty for an unknown province. */
export function listCities(province: string): readonly City[] {
  return PROVINCES.find((p) => matches(p, province.trim()))?.cities ?? [];
}

export function formatBirthPlace(province: string, city: string): string {
  return province + city;
}

/** The place for a province and city (short or full names), or null. */
export function findPlace(province: string, city: string): Place | null {
  const p = PROVINCES.find((candidate) => matches(candidate, province.trim()));
  const c = p?.cities.find((candidate) => matches(candidate, city.trim()));
  if (!p || !c) return null;
  return { province: p.name, city: c.name, label: formatBirthPlace(p.name, c.name), longitude: c.longitude, latitude: c.latitude };
}

/**
 * Places already parsed, by the text they were written as. Only texts that name a place are kept (a few spellings of
 * ~3,400 places), and the map stops growing at PARSED_MAX, so made-up input cannot grow it.
 */
const parsed = new Map<string, Place>();
const PARSED_MAX = 20_000;

/** Parses a `birth_place` string (see the module comment); null when it names no known place. */
export function parseBirthPlace(text: string): Place | null {
  const known = parsed.get(text);
  if (known) return known;
  const place = parsePlaceText(text);
  if (place && parsed.size < PARSED_MAX) parsed.set(text, Object.freeze(place));
  return place;
}

function parsePlaceText(text: string): Place | null {
  const trimmed = text.trim();
  const parts = trimmed.split(SEPARATORS);
  if (parts.length === 2) return findPlace(parts[0]!, parts[1]!);
  if (parts.length !== 1) return null;
  for (const province of PROVINCES) {
    for (const prefix of [province.fullName, province.name]) {
      if (!trimmed.startsWith(prefix)) continue;
      const rest = trimmed.slice(prefix.length);
      // A municipality or SAR alone means its first entry, the city itself.
      if (rest === '' && (province.kind === 'municipality' || province.kind === 'sar')) {
        return findPlace(province.name, province.cities[0]!.name);
      }
      const place = findPlace(province.name, rest);
      if (place) return place;
    }
  }
  return null;
}

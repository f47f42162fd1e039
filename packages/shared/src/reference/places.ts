import { countries, findCountry, findRegion } from './countries.ts';
import type { City, Country, Region } from './types.ts';

/** Where something is, in degrees. */
export interface Point {
  lat: number;
  lng: number;
}

export interface Place {
  country: Country;
  region: Region;
  city: City;
}

const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance between two points (haversine), in kilometres. */
export function distanceKm(from: Point, to: Point): number {
  const radians = Math.PI / 180;
  const dLat = (to.lat - from.lat) * radians;
  const dLng = (to.lng - from.lng) * radians;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * radians) * Math.cos(to.lat * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Every city of the reference data, with its region and country. */
export const places: readonly Place[] = countries.flatMap((country) =>
  country.regions.flatMap((region) => region.cities.map((city) => ({ country, region, city }))),
);

/**
 * Where a project is, as the reference data places it: its city, or, when it names only a region,
 * the region's first city (its capital or main city). A project with neither has no place.
 */
export function placeOf(country: string, region: string | null | undefined, city: string | null | undefined): Place | undefined {
  const inCountry = findCountry(country);
  const inRegion = region ? findRegion(country, region) : undefined;
  const town = city ? inRegion?.cities.find((each) => each.id === city) : inRegion?.cities[0];
  return inCountry && inRegion && town && { country: inCountry, region: inRegion, city: town };
}

/** The cities within `radiusKm` of a point, nearest first (a tie in the order of the reference data). */
export function placesWithin(point: Point, radiusKm: number): { place: Place; km: number }[] {
  return places
    .map((place) => ({ place, km: distanceKm(point, place.city) }))
    .filter((each) => each.km <= radiusKm)
    .sort((a, b) => a.km - b.km);
}

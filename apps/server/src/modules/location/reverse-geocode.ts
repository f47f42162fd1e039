import { countries, locationMessages, type ReverseGeocode } from '@mihna/shared';

/** Farther than this from every city in the reference data, a point is not in the Gulf as Mihna serves it. */
export const GULF_REACH_KM = 120;
const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance between two points (haversine), in kilometres. */
export function distanceKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const radians = Math.PI / 180;
  const dLat = (to.lat - from.lat) * radians;
  const dLng = (to.lng - from.lng) * radians;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * radians) * Math.cos(to.lat * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const places = countries.flatMap((country) =>
  country.regions.flatMap((region) => region.cities.map((city) => ({ country, region, city }))),
);

/**
 * The nearest city of the reference data to a point, with its region (the emirate in the UAE) and
 * country, worked out here without any outside service; a point farther than GULF_REACH_KM from every
 * city (the open sea, another country) is answered as outside the Gulf.
 */
export function reverseGeocode(lat: number, lng: number): ReverseGeocode {
  let nearest = places[0];
  let nearestKm = Number.POSITIVE_INFINITY;
  for (const place of places) {
    const km = distanceKm({ lat, lng }, place.city);
    if (km < nearestKm) {
      nearest = place;
      nearestKm = km;
    }
  }
  if (!nearest || nearestKm > GULF_REACH_KM) return { address: null, detail: locationMessages.outsideGulf };
  return {
    address: {
      city: { id: nearest.city.id, name: nearest.city.name },
      region: { id: nearest.region.id, name: nearest.region.name },
      country: { code: nearest.country.code, name: nearest.country.name },
      distance_km: Math.round(nearestKm * 10) / 10,
    },
  };
}

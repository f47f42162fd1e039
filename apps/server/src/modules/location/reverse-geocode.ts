import { distanceKm, locationMessages, places, type ReverseGeocode } from '@mihna/shared';

/** Farther than this from every city in the reference data, a point is not in the Gulf as Mihna serves it. */
export const GULF_REACH_KM = 120;

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

import { NEARBY_RADIUS_KM } from '@mihna/shared';

/** §9: timeout 10 s, a position up to 5 minutes old, high accuracy. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };

export const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** The browser's position, asked for with §9's options. */
export const currentPosition = () =>
  new Promise<GeolocationPosition>((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS));

/** The reader refused the browser's question (or refused it for this site before). */
export const isRefused = (error: unknown) => (error as { code?: unknown } | null)?.code === 1;

/**
 * A nearby search around a position, nearest first. Two decimals place it within about a kilometre:
 * enough to find the nearest cities, and no more of the reader's position than that in the URL.
 */
export const nearbyQuery = (coords: { latitude: number; longitude: number }, radiusKm: number = NEARBY_RADIUS_KM.default) => ({
  near_lat: coords.latitude.toFixed(2),
  near_lng: coords.longitude.toFixed(2),
  radius_km: String(radiusKm),
  sort_by: 'distance',
});

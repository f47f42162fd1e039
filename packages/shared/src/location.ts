import { z } from 'zod';
import { messages } from './messages.ts';
import { readNumber } from './numbers.ts';

export const locationMessages = {
  updated: 'Location updated',
  outsideGulf: 'This point is outside the Gulf countries Mihna serves',
} as const;

/** A coordinate as a number, or text the browser or a form sent (Arabic-Indic digits included). */
const coordinate = (minimum: number, maximum: number) =>
  z.preprocess(
    readNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalidFormat) })
      .min(minimum, messages.min(minimum))
      .max(maximum, messages.max(maximum)),
  );

/** POST /api/location/update: the browser's position, and how sure it is of it (metres). */
export const locationUpdateSchema = z.object({
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  location_accuracy: z.preprocess(
    readNumber,
    z.number({ error: messages.invalidFormat }).min(0, messages.min(0)).max(1_000_000, messages.max(1_000_000)).optional(),
  ),
});

export const reverseGeocodeQuerySchema = z.object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) });

const placeSchema = z.object({ id: z.string(), name: z.object({ en: z.string(), ar: z.string() }) });

/** The nearest place in the reference data, or null with a reason when the point is outside the Gulf. */
export const reverseGeocodeSchema = z.object({
  address: z
    .object({
      city: placeSchema,
      region: placeSchema,
      country: z.object({ code: z.string(), name: z.object({ en: z.string(), ar: z.string() }) }),
      /** How far the point is from the city's centre. */
      distance_km: z.number(),
    })
    .nullable(),
  detail: z.string().optional(),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeSchema>;

/** GET /api/location/ip: the visitor's country by their address, or nulls when none is known (§7). */
export const ipCountrySchema = z.object({ country_name: z.string().nullable(), country_code: z.string().nullable() });
export type IpCountry = z.infer<typeof ipCountrySchema>;

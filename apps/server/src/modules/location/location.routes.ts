import { errorResponseSchema, ipCountrySchema, locationUpdateSchema, reverseGeocodeQuerySchema, reverseGeocodeSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { LocationService } from './location.service.ts';

const security = [{ bearerAuth: [] }];

/** §7 location calls: storing the browser's position, and naming the place a point is in, offline. */
export function locationRoutes(signedIn: SignedIn, location: LocationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/location/update',
      {
        schema: {
          tags: ['location'],
          summary: 'Store your position (never shown to others unless show_exact_location); answers the place it is in',
          security,
          body: locationUpdateSchema,
          response: { 200: reverseGeocodeSchema.extend({ message: z.string() }), 401: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => location.update(await signedIn.actor(request), request.body),
    );

    app.get(
      '/location/reverse-geocode',
      {
        schema: {
          tags: ['location'],
          summary: 'The nearest city, its region (emirate) and country to a point, from the reference data',
          querystring: reverseGeocodeQuerySchema,
          response: { 200: reverseGeocodeSchema, 422: errorResponseSchema },
        },
      },
      async (request) => location.reverseGeocode(request.query.lat, request.query.lng),
    );

    app.get(
      '/location/ip',
      {
        schema: {
          tags: ['location'],
          summary: 'The visitor’s country by their address, from the IP-geolocation service if one is configured',
          response: { 200: ipCountrySchema },
        },
      },
      async (request) => location.ipCountry(request.ip),
    );
  };
}

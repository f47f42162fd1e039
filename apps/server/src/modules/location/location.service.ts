import { locationMessages, type IpCountry, type locationUpdateSchema } from '@mihna/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../lib/access.ts';
import { reverseGeocode } from './reverse-geocode.ts';

/** The user's position, kept for nearby matching and never shown to others unless show_exact_location. */
export function createLocationService(dependencies: { db: Db; clock: () => Date; ipCountry: (ip: string) => Promise<IpCountry> }) {
  const { db, clock, ipCountry } = dependencies;
  return {
    async update(actor: Actor, input: z.output<typeof locationUpdateSchema>) {
      await db
        .update(users)
        .set({
          latitude: input.latitude,
          longitude: input.longitude,
          locationAccuracy: input.location_accuracy ?? null,
          locationUpdatedAt: clock(),
        })
        .where(eq(users.id, actor.id));
      // The place comes back with the update, so the browser never puts the position in a URL (and a log).
      return { message: locationMessages.updated, ...reverseGeocode(input.latitude, input.longitude) };
    },
    reverseGeocode,
    ipCountry,
  };
}

export type LocationService = ReturnType<typeof createLocationService>;

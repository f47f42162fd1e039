import { locationMessages, type IpCountry, type locationUpdateSchema } from '@mihna/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/access.ts';
import type { UsersService } from '../users/index.ts';
import { reverseGeocode } from './reverse-geocode.ts';

/** The user's position, kept for nearby matching and never shown to others unless show_exact_location. */
export function createLocationService(dependencies: {
  users: Pick<UsersService, 'updatePosition'>;
  clock: () => Date;
  ipCountry: (ip: string) => Promise<IpCountry>;
}) {
  const { users, clock, ipCountry } = dependencies;
  return {
    async update(actor: Actor, input: z.output<typeof locationUpdateSchema>) {
      await users.updatePosition(actor.id, {
        latitude: input.latitude,
        longitude: input.longitude,
        locationAccuracy: input.location_accuracy ?? null,
        locationUpdatedAt: clock(),
      });
      // The place comes back with the update, so the browser never puts the position in a URL (and a log).
      return { message: locationMessages.updated, ...reverseGeocode(input.latitude, input.longitude) };
    },
    reverseGeocode,
    ipCountry,
  };
}

export type LocationService = ReturnType<typeof createLocationService>;

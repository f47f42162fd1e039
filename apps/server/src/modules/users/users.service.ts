import type { Db } from '../../db/client.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import { processProfilePicture } from '../media/image-processing.ts';
import { toCurrentUser } from './user-response.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

export function createUsersService(dependencies: { db: Db; users: UsersRepository; media: MediaRepository }) {
  const { db, users, media } = dependencies;

  return {
    /** Replaces the user's picture with the re-encoded upload; the old picture is deleted with the change. */
    async setProfilePicture(user: UserRow, imageData: string) {
      const image = await processProfilePicture(imageData);
      const updated = await db.transaction(async (tx) => {
        const stored = await media.insertMedia({ ownerUserId: user.id, ...image }, tx);
        const row = await users.updateUser(user.id, { profilePictureId: stored.id }, tx);
        if (user.profilePictureId) await media.deleteMedia(user.profilePictureId, tx);
        return row;
      });
      return toCurrentUser(updated ?? user);
    },

    async deleteProfilePicture(user: UserRow) {
      if (!user.profilePictureId) return toCurrentUser(user);
      const pictureId = user.profilePictureId;
      const updated = await db.transaction(async (tx) => {
        const row = await users.updateUser(user.id, { profilePictureId: null }, tx);
        await media.deleteMedia(pictureId, tx);
        return row;
      });
      return toCurrentUser(updated ?? user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

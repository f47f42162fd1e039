import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles } from './media.schema.ts';

export interface NewMedia {
  ownerUserId: string | null;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export function createMediaRepository(db: Db) {
  return {
    async insertMedia(media: NewMedia, executor: Db) {
      const [row] = await executor
        .insert(mediaFiles)
        .values({ ...media, byteSize: media.bytes.length })
        .returning({ id: mediaFiles.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findMedia(id: string, executor: Db = db) {
      const [row] = await executor
        .select({ id: mediaFiles.id, contentType: mediaFiles.contentType, bytes: mediaFiles.bytes, byteSize: mediaFiles.byteSize })
        .from(mediaFiles)
        .where(eq(mediaFiles.id, id));
      return row;
    },

    async deleteMedia(id: string, executor: Db) {
      await executor.delete(mediaFiles).where(eq(mediaFiles.id, id));
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;

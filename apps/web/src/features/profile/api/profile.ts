import type { CurrentUser, ProfileUpdateRequestInput } from '@mihna/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type UpdatedProfile = CurrentUser & { moderation_messages: string[] };

export const useUpdateProfile = (userId: string) =>
  useMutation({
    mutationFn: (input: ProfileUpdateRequestInput) =>
      apiRequest<UpdatedProfile>(apiPaths.updateUser(userId), { method: 'PUT', body: input }),
  });

export const uploadProfilePicture = (imageData: string) =>
  apiRequest<CurrentUser>(apiPaths.uploadPicture, { body: { image_data: imageData } });

export const deleteProfilePicture = () => apiRequest<CurrentUser>(apiPaths.deletePicture, { method: 'DELETE' });

import type { ContactMessageInput } from '@mihna/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const sendContactMessage = (input: ContactMessageInput) =>
  apiRequest<{ success: boolean }>(apiPaths.contactMessage, { body: input });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });

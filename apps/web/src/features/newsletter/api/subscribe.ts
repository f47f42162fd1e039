import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const subscribeToNewsletter = (input: { email: string; language: string }) =>
  apiRequest<{ success: boolean }>(apiPaths.newsletterSubscribe, { body: input });

export const useSubscribeToNewsletter = () => useMutation({ mutationFn: subscribeToNewsletter });

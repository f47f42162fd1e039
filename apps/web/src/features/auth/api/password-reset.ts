import type { PasswordResetInput } from '@mihna/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

type MessageResponse = { success: boolean; message: string };

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => apiRequest<MessageResponse>(apiPaths.forgotPassword, { body: { email } }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: PasswordResetInput) => apiRequest<MessageResponse>(apiPaths.resetPassword, { body: input }) });

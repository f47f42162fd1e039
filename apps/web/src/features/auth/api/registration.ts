import type { CurrentUser, RegistrationInput, SessionResponse } from '@mihna/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface RegistrationResponse {
  registration_id: string;
  verification_method: 'email' | 'sms';
  verification_required: boolean;
  access_token: string | null;
  user: CurrentUser | null;
  moderation_messages: string[];
  /** Set when this submission replaced a waiting one: a new code went out, and the earlier codes no longer work. */
  message: string | null;
}

export interface PendingRegistration {
  has_registration: boolean;
  registration_id: string | null;
  email: string;
  verification_method: 'email' | 'sms' | null;
}

export const useRegister = () =>
  useMutation({ mutationFn: (input: RegistrationInput) => apiRequest<RegistrationResponse>(apiPaths.register, { body: input }) });

export const checkRegistration = (email: string) => apiRequest<PendingRegistration>(apiPaths.checkRegistration(email));

export const completeRegistration = (input: { registration_id: string; verification_code: string; email: string }) =>
  apiRequest<SessionResponse>(apiPaths.completeRegistration, { body: input });

export const resendVerification = (email: string) =>
  apiRequest<{ success: boolean; message: string }>(apiPaths.resendVerification, { body: { email } });

import type { LoginInput, SecondFactorChallenge, SessionResponse } from '@mihna/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { answerCeremony, type RequestCeremony } from '../../../components/second-factor/passkeys.ts';

export const useLogin = () =>
  useMutation({ mutationFn: (input: LoginInput) => apiRequest<SessionResponse | SecondFactorChallenge>(apiPaths.login, { body: input }) });

/** The second step of a login, for an account with an authenticator app. */
export const useSecondFactorLogin = () =>
  useMutation({
    mutationFn: (input: { challenge_token: string; code: string }) =>
      apiRequest<SessionResponse>(apiPaths.secondFactorLogin, { body: input }),
  });

/** The second step with a passkey: a ceremony for this login's challenge, answered by the browser. */
export async function secondFactorWithPasskey(challengeToken: string) {
  const ceremony = await apiRequest<RequestCeremony>(apiPaths.secondFactorPasskeyOptions, {
    body: { challenge_token: challengeToken },
    token: null,
  });
  return apiRequest<SessionResponse>(apiPaths.secondFactorPasskey, {
    body: { challenge_token: challengeToken, ...(await answerCeremony(ceremony)) },
    token: null,
  });
}

/** A sign-in with a passkey alone: the browser offers the site's passkeys, no e-mail typed. */
export async function signInWithPasskey() {
  const ceremony = await apiRequest<RequestCeremony>(apiPaths.passkeySignInOptions, { method: 'POST', token: null });
  return apiRequest<SessionResponse>(apiPaths.passkeySignIn, { body: await answerCeremony(ceremony), token: null });
}

export interface LoginStatus {
  requires_captcha: boolean;
  is_locked: boolean;
  locked_minutes: number;
}

export const fetchLoginStatus = (email: string) => apiRequest<LoginStatus>(apiPaths.loginStatus(email));

export const sendLoginCode = (method: 'email' | 'sms', identifier: string) =>
  apiRequest<{ success: boolean; message: string }>(apiPaths.sendLoginCode, { body: { email: identifier }, query: { method } });

export const fetchCaptcha = () => apiRequest<{ captcha_id: string; question: string }>(apiPaths.captcha);

export const verifyCaptcha = (captchaId: string, answer: number) =>
  apiRequest<{ captcha_token: string }>(apiPaths.verifyCaptcha, { body: { captcha_id: captchaId, answer } });

import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

export const useOutbox = (to: string) =>
  useQuery({
    queryKey: ['dev-outbox', to],
    queryFn: ({ signal }) => apiRequest<{ messages: OutboxMessage[] }>(apiPaths.outbox, { query: { to }, signal }),
    refetchInterval: (query) => (query.state.error instanceof ApiError && query.state.error.status === 404 ? false : 5000),
    retry: false,
  });

import type { ExpertProfile } from '@mihna/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const useExpertProfile = (id: string) =>
  useQuery({
    queryKey: ['profiles', 'expert', id],
    queryFn: ({ signal }) => apiRequest<ExpertProfile>(apiPaths.expertProfile(id), { signal }),
  });

import type { EmployerProfile } from '@mihna/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const useEmployerProfile = (id: string) =>
  useQuery({
    queryKey: ['profiles', 'employer', id],
    queryFn: ({ signal }) => apiRequest<EmployerProfile>(apiPaths.employerProfile(id), { signal }),
  });

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Opens the featuring fee's checkout for a project posted with the featured option. */
export const useFeaturedPayment = () =>
  useMutation({
    mutationFn: (jobId: string) => apiRequest<{ checkout_url: string }>(apiPaths.featuredPayment(jobId), { method: 'POST' }),
  });

import type { DashboardStats } from '@mihna/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** §7 GET /api/dashboard/stats: the signed-in user's figures for their role. */
export const useDashboardStats = () =>
  useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => apiRequest<DashboardStats>(apiPaths.dashboardStats, { signal }),
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface DataExport {
  id: string;
  status: 'pending' | 'ready' | 'failed' | 'expired';
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
  byte_size: number | null;
}

const exportsKey = ['data-exports'] as const;

/** The copies asked for; while one is being made, asked again every few seconds. */
export const useDataExports = () =>
  useQuery({
    queryKey: exportsKey,
    queryFn: () => apiRequest<{ data_exports: DataExport[] }>(apiPaths.dataExports),
    refetchInterval: (query) => (query.state.data?.data_exports.some((each) => each.status === 'pending') ? 3000 : false),
  });

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string; data_export: DataExport }>(apiPaths.dataExports, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: exportsKey }),
  });
}

export const downloadDataExport = (id: string) => apiDownload(apiPaths.dataExportDownload(id));

export const deleteAccount = () => apiRequest<{ message: string }>(apiPaths.account, { method: 'DELETE' });

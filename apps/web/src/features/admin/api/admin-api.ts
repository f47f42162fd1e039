import type {
  AdminAction,
  AdminListEntry,
  AdminLoginHistory,
  AdminLoginResponse,
  AdminSession,
  AdminPermission,
  AdminProjectDetail,
  AdminProjectsResponse,
  AdminRole,
  AdminUser,
  AdminUserDetails,
  AdminUsersResponse,
  AdminDispute,
  AdminReport,
  AdminReportConversation,
  AdminTasksResponse,
  AdminTimeTrackingResponse,
  AuditLogResponse,
  FinancialStats,
  TimeReportResponse,
  ProjectModerationStatus,
  SiteSettings,
  UserAccountStatus,
} from '@mihna/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { interfaceSettingsQuery } from '../../../lib/site-settings.ts';
import { adminToken } from './admin-session.ts';

/** Admin spec §7's calls. */
export const adminPaths = {
  login: '/api/admin/login',
  loginSecondFactor: '/api/admin/login/second-factor',
  security: '/api/admin/account/security',
  totp: '/api/admin/account/totp',
  totpConfirm: '/api/admin/account/totp/confirm',
  resetSecondFactor: (id: string) => `/api/admin/users/${id}/second-factor/reset`,
  logout: '/api/admin/logout',
  me: '/api/admin/me',
  financialStats: '/api/admin/financial-stats',
  users: '/api/admin/users',
  user: (id: string) => `/api/admin/users/${id}`,
  userTransactions: (id: string) => `/api/admin/users/${id}/transactions`,
  userLoginHistory: (id: string) => `/api/admin/users/${id}/login-history`,
  userStatus: (id: string) => `/api/admin/users/${id}/status`,
  adminPassword: (id: string) => `/api/admin/users/${id}/password`,
  adminPermissions: (id: string) => `/api/admin/users/${id}/permissions`,
  projects: '/api/admin/projects',
  project: (id: string) => `/api/admin/projects/${id}`,
  projectStatus: (id: string) => `/api/admin/projects/${id}/status`,
  timeTracking: '/api/admin/time-tracking',
  disputes: '/api/admin/disputes',
  resolveDispute: (id: string) => `/api/admin/disputes/${id}/resolve`,
  reports: '/api/admin/reports',
  reportConversation: (id: string) => `/api/admin/reports/${id}/conversation`,
  resolveReport: (id: string) => `/api/admin/reports/${id}/resolve`,
  auditLog: '/api/admin/audit-log',
  tasks: '/api/admin/tasks',
  retryDeadTask: (id: string) => `/api/admin/tasks/dead/${id}/retry`,
  timeReport: '/api/admin/time-tracking/generate-pdf',
  admins: '/api/admin/admins',
  interfaceSettings: '/api/admin/interface-settings',
} as const;

type Options = Parameters<typeof apiRequest>[1];

/**
 * A console call with the admin's token. A 401 means the session is over (signed out elsewhere,
 * suspended, expired): the token goes and the console shows its login again.
 */
export async function adminRequest<T>(path: string, options: Options = {}): Promise<T> {
  const token = adminToken.read();
  try {
    return await apiRequest<T>(path, { ...options, token });
  } catch (error) {
    if (token && error instanceof ApiError && error.status === 401 && path !== adminPaths.login) adminToken.clear();
    throw error;
  }
}

const keys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  stats: ['admin', 'financial-stats'] as const,
  users: ['admin', 'users'] as const,
  projects: ['admin', 'projects'] as const,
  time: ['admin', 'time-tracking'] as const,
  disputes: ['admin', 'disputes'] as const,
  reports: ['admin', 'reports'] as const,
  audit: ['admin', 'audit-log'] as const,
  tasks: ['admin', 'tasks'] as const,
  admins: ['admin', 'admins'] as const,
  settings: ['admin', 'interface-settings'] as const,
};

export type ListQuery = Record<string, string | number | undefined>;

/**
 * The password: a session (kept at once, and perhaps still to set up its second factor), or the
 * challenge of the second step.
 */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest<AdminLoginResponse>(adminPaths.login, { body: input, token: null }),
    onSuccess: (answer) => {
      if ('access_token' in answer) adminToken.write(answer.access_token);
    },
  });
}

/** The second step: the challenge and a code of the admin's app open the session. */
export const sendAdminSecondFactor = async (input: { challenge_token: string; code: string }) => {
  const session = await apiRequest<AdminSession>(adminPaths.loginSecondFactor, { body: input, token: null });
  adminToken.write(session.access_token);
  return session;
};

/** Setting up the admin's authenticator app, which every admin must have before the console opens. */
export const useStartAdminTotp = () =>
  useMutation({
    mutationFn: () => adminRequest<{ secret: string; otpauth_uri: string; qr_svg: string }>(adminPaths.totp, { method: 'POST' }),
  });

export const confirmAdminTotp = (code: string) => adminRequest<{ recovery_codes: string[] }>(adminPaths.totpConfirm, { body: { code } });

/** Logout removes the token and clears the loaded data (§4 Session); the server ends the session too. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return async () => {
    await adminRequest(adminPaths.logout, { method: 'POST' }).catch(() => undefined);
    adminToken.clear();
    queryClient.removeQueries({ queryKey: keys.all });
  };
}

export const useAdminMe = (token: string | null) =>
  useQuery({
    queryKey: [...keys.me, token],
    queryFn: ({ signal }) => adminRequest<AdminUser>(adminPaths.me, { signal }),
    enabled: token !== null,
    retry: false,
  });

export const useFinancialStats = () =>
  useQuery({ queryKey: keys.stats, queryFn: ({ signal }) => adminRequest<FinancialStats>(adminPaths.financialStats, { signal }) });

export const useAdminUsers = (query: ListQuery) =>
  useQuery({
    queryKey: [...keys.users, query],
    queryFn: ({ signal }) => adminRequest<AdminUsersResponse>(adminPaths.users, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The detail modal's two calls, issued together when it opens (§7). */
export function useUserDetails(id: string | undefined) {
  const details = useQuery({
    queryKey: [...keys.users, id, 'transactions'],
    queryFn: ({ signal }) => adminRequest<AdminUserDetails>(adminPaths.userTransactions(id ?? ''), { signal }),
    enabled: id !== undefined,
  });
  const logins = useQuery({
    queryKey: [...keys.users, id, 'login-history'],
    queryFn: ({ signal }) => adminRequest<AdminLoginHistory>(adminPaths.userLoginHistory(id ?? ''), { signal }),
    enabled: id !== undefined,
  });
  return { details, logins };
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status: UserAccountStatus; reason: string }) =>
      adminRequest<{ message: string }>(adminPaths.userStatus(id), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.users }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest<{ message: string }>(adminPaths.user(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.users }),
  });
}

export const useAdminProjects = (query: ListQuery) =>
  useQuery({
    queryKey: [...keys.projects, query],
    queryFn: ({ signal }) => adminRequest<AdminProjectsResponse>(adminPaths.projects, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useProjectDetail = (id: string | undefined) =>
  useQuery({
    queryKey: [...keys.projects, id, 'detail'],
    queryFn: ({ signal }) => adminRequest<AdminProjectDetail>(adminPaths.project(id ?? ''), { signal }),
    enabled: id !== undefined,
  });

export function useSetProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status: ProjectModerationStatus; reason: string }) =>
      adminRequest<{ message: string }>(adminPaths.projectStatus(id), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.projects }),
  });
}

export const useTimeTracking = (query: ListQuery) =>
  useQuery({
    queryKey: [...keys.time, query],
    queryFn: ({ signal }) => adminRequest<AdminTimeTrackingResponse>(adminPaths.timeTracking, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The PDF report of the current filters (§7): the answer carries the file as a data link. */
export const useTimeReport = () =>
  useMutation({
    mutationFn: (body: Record<string, string | undefined>) => adminRequest<TimeReportResponse>(adminPaths.timeReport, { body }),
  });

export const useDisputes = () =>
  useQuery({
    queryKey: keys.disputes,
    queryFn: ({ signal }) => adminRequest<{ disputes: AdminDispute[] }>(adminPaths.disputes, { signal }),
  });

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      decision: 'release' | 'refund' | 'split';
      release_amount?: string;
      note: string;
      end_contract: boolean;
    }) => adminRequest<{ message: string }>(adminPaths.resolveDispute(id), { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.disputes });
      await queryClient.invalidateQueries({ queryKey: keys.audit });
    },
  });
}

export const useReports = (status: 'open' | 'resolved') =>
  useQuery({
    queryKey: [...keys.reports, status],
    queryFn: ({ signal }) => adminRequest<{ reports: AdminReport[] }>(adminPaths.reports, { query: { status }, signal }),
  });

/** Reading a reported conversation is audited on the server: it is asked for only when staff open it, and never kept. */
export const useReportConversation = (id: string | null) =>
  useQuery({
    queryKey: [...keys.reports, 'conversation', id],
    queryFn: ({ signal }) => adminRequest<AdminReportConversation>(adminPaths.reportConversation(id!), { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) =>
      adminRequest<{ message: string }>(adminPaths.resolveReport(id), { body: { resolution } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.reports });
      await queryClient.invalidateQueries({ queryKey: keys.audit });
    },
  });
}

export const useAuditLog = (query: ListQuery) =>
  useQuery({
    queryKey: [...keys.audit, query],
    queryFn: ({ signal }) => adminRequest<AuditLogResponse>(adminPaths.auditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdmins = () =>
  useQuery({ queryKey: keys.admins, queryFn: ({ signal }) => adminRequest<{ admins: AdminListEntry[] }>(adminPaths.admins, { signal }) });

/** Every change to an admin reads the list again. */
function useAdminChange<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.admins }) });
}

export const useCreateAdmin = () =>
  useAdminChange((body: { email: string; password: string; first_name: string; last_name: string; role: AdminRole }) =>
    adminRequest(adminPaths.users, { body }),
  );
export const useChangeAdminPassword = () =>
  useAdminChange(({ id, new_password }: { id: string; new_password: string }) =>
    adminRequest(adminPaths.adminPassword(id), { method: 'PUT', body: { new_password } }),
  );
export const useSetAdminPermissions = () =>
  useAdminChange(({ id, ...body }: { id: string; role: AdminRole; permissions: AdminPermission[] }) =>
    adminRequest(adminPaths.adminPermissions(id), { method: 'PUT', body }),
  );
export const useAdminStatus = () =>
  useAdminChange(({ id, action }: { id: string; action: AdminAction }) =>
    adminRequest(adminPaths.userStatus(id), { method: 'PUT', body: { action } }),
  );
export const useResetSecondFactor = () =>
  useAdminChange(({ id, reason }: { id: string; reason: string }) =>
    adminRequest<{ message: string }>(adminPaths.resetSecondFactor(id), { body: { reason } }),
  );
export const useDeleteAdmin = () => useAdminChange((id: string) => adminRequest(adminPaths.user(id), { method: 'DELETE' }));

export const useAdminSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => adminRequest<SiteSettings>(adminPaths.interfaceSettings, { signal }) });

/** On success the settings reload (§7): the console's copy and the public site's in this browser. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) =>
      adminRequest<{ updated: boolean }>(adminPaths.interfaceSettings, { method: 'PUT', body: settings }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.settings });
      await queryClient.invalidateQueries({ queryKey: interfaceSettingsQuery.queryKey });
    },
  });
}

/** Beyond the spec: the background tasks and their dead runs, read again every 10 s while the tab is open. */
export const useTasks = () =>
  useQuery({
    queryKey: keys.tasks,
    queryFn: ({ signal }) => adminRequest<AdminTasksResponse>(adminPaths.tasks, { signal }),
    refetchInterval: 10_000,
  });

export function useRetryDeadTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest<{ message: string }>(adminPaths.retryDeadTask(id), { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.tasks });
      await queryClient.invalidateQueries({ queryKey: keys.audit });
    },
  });
}

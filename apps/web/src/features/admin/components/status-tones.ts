import type { ProjectState, UserAccountStatus } from '@mihna/shared';

/** How each account status reads (admin spec §4: Active, Suspended, Blocked). */
export const statusTone: Record<UserAccountStatus, 'positive' | 'warning' | 'danger'> = {
  active: 'positive',
  suspended: 'warning',
  blocked: 'danger',
};

/** How each project state reads: taken down in red and amber, working states in blue, finished in grey. */
export const stateTone: Record<ProjectState, 'positive' | 'info' | 'neutral' | 'warning' | 'danger'> = {
  open: 'positive',
  assigned: 'info',
  in_progress: 'info',
  completed: 'neutral',
  cancelled: 'neutral',
  closed: 'neutral',
  suspended: 'warning',
  blocked: 'danger',
  removed: 'danger',
};

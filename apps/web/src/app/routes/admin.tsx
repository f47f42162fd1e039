import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAdminMe } from '../../features/admin/api/admin-api.ts';
import { useAdminToken } from '../../features/admin/api/admin-session.ts';
import { AdminLogin } from '../../features/admin/components/admin-login.tsx';
import { Console } from '../../features/admin/components/console.tsx';
import { AdminSecondFactorSetup } from '../../features/admin/components/second-factor-setup.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { BarChart } from '../../features/dashboard/components/bar-chart.tsx';

/**
 * /admin: the staff console, a chunk of its own that public visitors never download. Its guard is the
 * admin session: without a live one (no token, or one the server no longer accepts) the login shows.
 * An admin without a second factor sets one up first. The console draws its charts with the dashboard's bar chart, handed to it here.
 */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const token = useAdminToken();
  const me = useAdminMe(token);
  const queryClient = useQueryClient();
  // However the session ended (Logout, expiry, suspension), what it loaded goes with it (§4 Session).
  useEffect(() => {
    if (!token) queryClient.removeQueries({ queryKey: ['admin'] });
  }, [token, queryClient]);
  if (!token) return <AdminLogin />;
  if (me.data) return <Console admin={me.data} BarChart={BarChart} />;
  // A session still to set up its second factor opens nothing else of the console.
  if (me.error instanceof ApiError && me.error.code === 'second_factor_setup_required') return <AdminSecondFactorSetup />;
  if (me.isError) return <AdminLogin />;
  return <Spinner label={t('common.loading')} className="min-h-screen" />;
}

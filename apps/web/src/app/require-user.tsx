import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

/** Guards the routes that need a login: a spinner while the session loads, the login page without a user. */
export function RequireUser() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner label={t('session.checking')} className="min-h-[50vh]" />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

import { useTranslation } from '../i18n/index.ts';
import { Navigate, Outlet } from '../lib/router/index.tsx';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../lib/paths.ts';
import { useReturnState } from '../lib/return-to.ts';
import { useSession } from '../lib/session.tsx';

/** Guards the routes that need a login: a spinner while the session loads, the login page without a user. */
export function RequireUser() {
  const { t } = useTranslation();
  const { user, isLoading, isUnverified, retry } = useSession();
  const returnState = useReturnState();
  if (isLoading) return <Spinner label={t('session.checking')} className="min-h-[50vh]" />;
  if (isUnverified) {
    return (
      <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-slate-700">{t('session.unverified')}</p>
        <Button onClick={retry}>{t('session.retry')}</Button>
      </div>
    );
  }
  if (!user) return <Navigate to={paths.login} replace state={returnState} />;
  return <Outlet />;
}

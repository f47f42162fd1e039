import { Briefcase, Clock, Plus, Search, UserRoundPen, Wallet } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { MyProjects } from '../../features/projects/components/my-projects.tsx';
import { MyProposals } from '../../features/projects/components/my-proposals.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

const quickLink = 'flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50';

/**
 * The dashboard: a welcome, the way to the next step (Post New Project for employers), and the user's
 * own work: an employer's projects in every status, a professional's proposals. No figure is shown
 * that the product cannot yet compute.
 */
export default function DashboardPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  if (!user) return null;
  const isEmployer = user.role === 'employer';
  const links = isEmployer
    ? [{ to: paths.professionals, icon: Search, label: t('dashboard.find_professionals') }]
    : [
        { to: paths.projects(), icon: Briefcase, label: t('dashboard.find_projects') },
        { to: paths.timeTracker, icon: Clock, label: t('dashboard.time_tracker') },
        { to: paths.earnings, icon: Wallet, label: t('dashboard.earnings') },
      ];
  return (
    <Container className="space-y-6 py-10 sm:py-12">
      <title>{t('dashboard.title')}</title>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <p className="text-sm font-medium text-primary-strong">{t(`dashboard.role_${user.role}`)}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950">{t('dashboard.welcome', { name: user.first_name })}</h1>
        <p className="mt-3 max-w-2xl text-slate-600">{isEmployer ? t('dashboard.employer_text') : t('dashboard.professional_text')}</p>
        <ul className="mt-8 flex flex-wrap gap-3">
          {isEmployer ? (
            <li>
              <Button asChild size="lg">
                <Link to={paths.postJob}>
                  <Plus className="size-5" aria-hidden="true" />
                  {t('dashboard.post_new_project')}
                </Link>
              </Button>
            </li>
          ) : null}
          {links.map(({ to, icon: Icon, label }) => (
            <li key={to}>
              <Link to={to} className={quickLink}>
                <Icon className="size-5 text-primary-strong" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
          <li>
            <Link to={paths.editProfile} className={quickLink}>
              <UserRoundPen className="size-5 text-primary-strong" aria-hidden="true" />
              {t('dashboard.edit_profile')}
            </Link>
          </li>
        </ul>
      </div>
      {isEmployer ? <MyProjects /> : <MyProposals />}
    </Container>
  );
}

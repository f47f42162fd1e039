import { Briefcase, Search, UserRoundPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** A welcome until the dashboards arrive: no figures are shown that the product cannot yet compute. */
export default function DashboardPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  if (!user) return null;
  const isEmployer = user.role === 'employer';
  const links = isEmployer
    ? [{ to: paths.professionals, icon: Search, label: t('dashboard.find_professionals') }]
    : [{ to: paths.projects(), icon: Briefcase, label: t('dashboard.find_projects') }];
  return (
    <Container className="py-12">
      <title>{t('dashboard.title')}</title>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <p className="text-sm font-medium text-primary-strong">{t(`dashboard.role_${user.role}`)}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950">{t('dashboard.welcome', { name: user.first_name })}</h1>
        <p className="mt-3 max-w-2xl text-slate-600">{isEmployer ? t('dashboard.employer_text') : t('dashboard.professional_text')}</p>
        <ul className="mt-8 flex flex-wrap gap-3">
          {links.map(({ to, icon: Icon, label }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                <Icon className="size-5 text-primary-strong" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={paths.editProfile}
              className="flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50"
            >
              <UserRoundPen className="size-5 text-primary-strong" aria-hidden="true" />
              {t('dashboard.edit_profile')}
            </Link>
          </li>
        </ul>
      </div>
    </Container>
  );
}

import type { CurrentUser, DashboardStats, EmployerStats, ProfessionalStats } from '@mihna/shared';
import {
  Briefcase,
  Building2,
  Clock,
  FileText,
  FolderOpen,
  Megaphone,
  Plus,
  Search,
  ShieldCheck,
  Send,
  Star,
  UserRoundPen,
  Users,
  Wallet,
} from 'lucide-react';
import { LocationPrompt } from '../../features/location/location-prompt.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useDashboardStats } from '../../features/dashboard/api/dashboard.ts';
import { ActivityFeed } from '../../features/notifications/components/activity-feed.tsx';
import { Applications } from '../../features/projects/components/applications.tsx';
import { BarChart, type Bar } from '../../features/dashboard/components/bar-chart.tsx';
import { StatCards, type Stat } from '../../components/ui/stat-cards.tsx';
import { ProfilePictureEditor } from '../../features/profile/components/profile-picture-editor.tsx';
import { MyProjects } from '../../features/projects/components/my-projects.tsx';
import { MyProposals } from '../../features/projects/components/my-proposals.tsx';
import { formatAmount, formatMonth, formatNumber, languageOf, type Language } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

const quickLink = 'flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50';
const panel = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** The headline total, and the other currencies' totals beside it (money is never added across currencies). */
function moneyFigures(stats: DashboardStats, language: Language) {
  const total = stats.role === 'professional' ? stats.total_earned : stats.total_spent;
  const others = stats.totals.filter((item) => item.currency !== stats.currency);
  return {
    value: formatAmount(total, stats.currency, language),
    note: others.length > 0 ? others.map((item) => formatAmount(item.amount, item.currency, language)).join(' · ') : undefined,
  };
}

/** The headline currency's months as bars, oldest first (the chart mirrors them right to left). */
const monthBars = (stats: DashboardStats, language: Language): Bar[] =>
  stats.monthly
    .filter((row) => row.currency === stats.currency)
    .map((row) => ({ label: formatMonth(row.month, language), value: row.amount, text: formatAmount(row.amount, row.currency, language) }));

/**
 * The dashboard (§2): a welcome with the way to the next step, the user's figures from the server,
 * charts of money by month, and their own work: a professional's proposals and recent activity, an
 * employer's projects and analytics.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('auth');
  const { user, updateUser } = useSession();
  const stats = useDashboardStats();
  if (!user) return null;
  const language = languageOf(i18n.language);
  const isEmployer = user.role === 'employer';
  const links = isEmployer
    ? [
        { to: paths.professionals, icon: Search, label: t('dashboard.find_professionals') },
        { to: paths.invoices, icon: FileText, label: t('dashboard.invoices_employer') },
        { to: paths.security, icon: ShieldCheck, label: t('dashboard.security') },
      ]
    : [
        { to: paths.projects(), icon: Briefcase, label: t('dashboard.find_projects') },
        { to: paths.timeTracker, icon: Clock, label: t('dashboard.time_tracker') },
        { to: paths.earnings, icon: Wallet, label: t('dashboard.earnings') },
        { to: paths.invoices, icon: FileText, label: t('dashboard.invoices') },
        { to: paths.security, icon: ShieldCheck, label: t('dashboard.security') },
      ];
  return (
    <Container className="space-y-6 py-10 sm:py-12">
      <title>{t('dashboard.title')}</title>
      <LocationPrompt />
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <p className="text-sm font-medium text-primary-strong">{t(`dashboard.role_${user.role}`)}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950">{t('dashboard.welcome', { name: user.first_name })}</h1>
        {user.total_reviews > 0 ? (
          <p className="mt-2 flex items-center gap-1 text-sm text-slate-700">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            {t('dashboard.rating', {
              rating: formatNumber(user.total_rating, language, { fractionDigits: 1 }),
              count: user.total_reviews,
            })}
          </p>
        ) : null}
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
        {!isEmployer ? (
          <div className="mt-8 border-t border-slate-100 pt-6">
            <ProfilePictureEditor user={user} onChanged={updateUser} />
          </div>
        ) : null}
      </div>

      {stats.isPending ? <Spinner label={t('dashboard.loading')} className="py-6" /> : null}
      {stats.isError ? <Alert tone="error">{t('dashboard.failed')}</Alert> : null}

      {isEmployer ? (
        <EmployerDashboard stats={stats.data?.role === 'employer' ? stats.data : undefined} user={user} language={language} />
      ) : (
        <>
          {stats.data?.role === 'professional' ? <ProfessionalFigures stats={stats.data} language={language} /> : null}
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <MyProposals />
            <ActivityFeed userId={user.id} />
          </div>
        </>
      )}
    </Container>
  );
}

function ProfessionalFigures({ stats, language }: { stats: ProfessionalStats; language: Language }) {
  const { t } = useTranslation('auth');
  const earned = moneyFigures(stats, language);
  const cards: Stat[] = [
    { label: t('dashboard.total_proposals'), value: formatNumber(stats.total_proposals, language), icon: Send },
    { label: t('dashboard.active_jobs'), value: formatNumber(stats.active_jobs, language), icon: Briefcase },
    { label: t('dashboard.total_earned'), value: earned.value, note: earned.note, icon: Wallet },
  ];
  return (
    <>
      <StatCards stats={cards} />
      <section className={panel}>
        <BarChart
          title={t('dashboard.earnings_chart')}
          bars={monthBars(stats, language)}
          labelTitle={t('dashboard.month')}
          valueTitle={t('dashboard.total_earned')}
          emptyText={t('dashboard.no_earnings')}
        />
      </section>
    </>
  );
}

/** §2's company profile panel: how the employer's company appears to professionals, and the way to change it. */
function CompanyPanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('auth');
  return (
    <section className={panel} aria-labelledby="company-title">
      <h2 id="company-title" className="flex items-center gap-2 text-lg font-semibold text-slate-950">
        <Building2 className="size-5 text-primary-strong" aria-hidden="true" />
        {t('dashboard.company')}
      </h2>
      <p className="mt-3 font-medium break-words text-slate-900" dir="auto">
        {user.company_name ?? `${user.first_name} ${user.last_name}`}
      </p>
      {user.company_description ? (
        <p className="mt-1 line-clamp-4 text-sm break-words text-slate-600" dir="auto">
          {user.company_description}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('dashboard.company_missing')}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold text-primary-strong">
        <Link to={paths.employer(user.id)} className="hover:underline">
          {t('dashboard.company_view')}
        </Link>
        <Link to={paths.editProfile} className="hover:underline">
          {t('dashboard.company_edit')}
        </Link>
      </div>
    </section>
  );
}

function EmployerDashboard({ stats, user, language }: { stats: EmployerStats | undefined; user: CurrentUser; language: Language }) {
  const { t } = useTranslation('auth');
  const spent = stats ? moneyFigures(stats, language) : undefined;
  const cards: Stat[] = stats
    ? [
        { label: t('dashboard.total_projects'), value: formatNumber(stats.total_jobs, language), icon: FolderOpen },
        // Active: a professional is hired on it; open ones, still taking proposals, are counted apart.
        { label: t('dashboard.active_projects'), value: formatNumber(stats.active_jobs, language), icon: Briefcase },
        { label: t('dashboard.open_projects'), value: formatNumber(stats.open_jobs, language), icon: Megaphone },
        { label: t('dashboard.total_investment'), value: spent!.value, note: spent!.note, icon: Wallet },
        { label: t('dashboard.applications'), value: formatNumber(stats.applications, language), icon: Users },
      ]
    : [];
  const spendingChart = stats ? (
    <BarChart
      title={t('dashboard.spending_chart')}
      bars={monthBars(stats, language)}
      labelTitle={t('dashboard.month')}
      valueTitle={t('dashboard.total_investment')}
      emptyText={t('dashboard.no_spending')}
    />
  ) : null;
  return (
    <>
      {stats ? <StatCards stats={cards} /> : null}
      {/* My Projects opens first: an employer comes here to follow their projects, and lands here after posting one. */}
      <Tabs defaultValue="projects" className="space-y-4">
        <TabsList aria-label={t('dashboard.sections')}>
          <TabsTrigger value="overview">{t('dashboard.tab_overview')}</TabsTrigger>
          <TabsTrigger value="projects">{t('dashboard.tab_projects')}</TabsTrigger>
          <TabsTrigger value="applications">{t('dashboard.tab_applications')}</TabsTrigger>
          <TabsTrigger value="analytics">{t('dashboard.tab_analytics')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <section className={panel}>{spendingChart}</section>
          <div className="space-y-6">
            <CompanyPanel user={user} />
            <ActivityFeed userId={user.id} />
          </div>
        </TabsContent>
        <TabsContent value="projects">
          <MyProjects />
        </TabsContent>
        <TabsContent value="applications">
          <Applications />
        </TabsContent>
        <TabsContent value="analytics" className="grid gap-6 lg:grid-cols-2">
          <section className={panel}>{spendingChart}</section>
          <section className={panel}>
            {stats ? (
              stats.proposals_per_project.length > 0 ? (
                <BarChart
                  title={t('dashboard.proposals_chart')}
                  labelTitle={t('dashboard.project')}
                  horizontal
                  valueTitle={t('dashboard.applications')}
                  bars={stats.proposals_per_project.map((project) => ({
                    label: project.title,
                    value: project.proposals,
                    text: formatNumber(project.proposals, language),
                  }))}
                />
              ) : (
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <FileText className="size-4" aria-hidden="true" />
                  {t('dashboard.no_projects')}
                </p>
              )
            ) : null}
          </section>
        </TabsContent>
      </Tabs>
    </>
  );
}

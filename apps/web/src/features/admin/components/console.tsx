import { adminMay, type AdminPermission, type AdminUser } from '@mihna/shared';
import { LogOut } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useAdminLogout } from '../api/admin-api.ts';
import { AdminsTab } from './admins-tab.tsx';
import { AuditTab } from './audit-tab.tsx';
import { DisputesTab } from './disputes-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { DashboardTab } from './dashboard-tab.tsx';
import { ProjectsTab } from './projects-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { TasksTab } from './tasks-tab.tsx';
import { TimeTrackingTab } from './time-tracking-tab.tsx';
import { UsersTab } from './users-tab.tsx';

/** Admin spec §2's six tabs, each shown to the admins whose permissions let them use it. */
const tabs = [
  { id: 'dashboard', permission: 'view_analytics' },
  { id: 'users', permission: 'view_users' },
  { id: 'projects', permission: 'view_users' },
  { id: 'timetracking', permission: 'view_users' },
  { id: 'admins', permission: 'view_admins' },
  { id: 'settings', permission: 'manage_content' },
  // Beyond the spec's six: the disputes queue, reported conversations, the audit log and the background tasks.
  { id: 'disputes', permission: 'resolve_disputes' },
  { id: 'reports', permission: 'review_reports' },
  { id: 'audit', permission: 'view_audit_log' },
  { id: 'tasks', permission: 'run_operations' },
] as const satisfies readonly { id: string; permission: AdminPermission }[];
export type ConsoleTab = (typeof tabs)[number]['id'];

/** The bar chart the dashboard tab draws its months with: the site's own, handed in by the page. */
export type ChartComponent = ComponentType<{
  title: string;
  bars: { label: string; value: number; text: string }[];
  labelTitle: string;
  valueTitle: string;
  emptyText?: string;
}>;

/**
 * The console after login: a header with Logout and the tabs. The open tab is in the address (?tab=),
 * so a reload or a shared link opens it again; a tab loads its data when first opened and keeps it.
 */
export function Console({ admin, BarChart }: { admin: AdminUser; BarChart: ChartComponent }) {
  const { t } = useTranslation('admin');
  const logout = useAdminLogout();
  const [search, setSearch] = useSearchParams();
  const shown = tabs.filter((tab) => adminMay(admin, tab.permission));
  const asked = search.get('tab');
  const current = shown.find((tab) => tab.id === asked)?.id ?? shown[0]?.id;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(current ? [current] : []));
  const open = (tab: string) => {
    setOpened((before) => new Set(before).add(tab));
    setSearch({ tab }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/" className="flex items-center gap-2.5" title={t('header.public_site')}>
            <LogoMark />
            <span className="text-lg font-bold text-slate-900">{t('title')}</span>
          </Link>
          <div className="flex items-center gap-2">
            <p className="hidden text-sm text-slate-600 md:block">
              {t('header.signed_in_as', { name: `${admin.first_name} ${admin.last_name}` })} · {t(`roles.${admin.role}`)}
            </p>
            <LanguageSwitch />
            <Button variant="secondary" size="sm" onClick={() => void logout()}>
              <LogOut className="size-4 rtl:rotate-180" aria-hidden="true" />
              {t('header.logout')}
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <title>{t('title')}</title>
        {shown.length === 0 ? <Alert tone="info">{t('header.no_tabs')}</Alert> : null}
        <Tabs value={current} onValueChange={open}>
          <TabsList aria-label={t('tabs.label')} className="mb-6">
            {shown.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {t(`tabs.${tab.id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {shown.map((tab) => (
            // Each tab stays mounted once opened, so going back to it shows what it had (its filters, its page).
            <TabsContent key={tab.id} value={tab.id} forceMount className="data-[state=inactive]:hidden">
              {opened.has(tab.id) || tab.id === current ? (
                <section aria-labelledby={`${tab.id}-title`}>
                  <h1 id={`${tab.id}-title`} className="mb-4 text-2xl font-bold text-slate-950">
                    {t(`tabs.${tab.id}_title`)}
                  </h1>
                  <TabBody tab={tab.id} admin={admin} onOpen={open} BarChart={BarChart} />
                </section>
              ) : null}
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}

function TabBody({
  tab,
  admin,
  onOpen,
  BarChart,
}: {
  tab: ConsoleTab;
  admin: AdminUser;
  onOpen: (tab: ConsoleTab) => void;
  BarChart: ChartComponent;
}) {
  switch (tab) {
    case 'dashboard':
      return <DashboardTab admin={admin} onOpen={onOpen} BarChart={BarChart} />;
    case 'users':
      return <UsersTab admin={admin} />;
    case 'projects':
      return <ProjectsTab admin={admin} />;
    case 'timetracking':
      return <TimeTrackingTab />;
    case 'admins':
      return <AdminsTab admin={admin} />;
    case 'settings':
      return <SettingsTab />;
    case 'disputes':
      return <DisputesTab />;
    case 'reports':
      return <ReportsTab />;
    case 'tasks':
      return <TasksTab />;
    case 'audit':
      return <AuditTab />;
  }
}

import type { AdminUser, FinancialStats } from '@mihna/shared';
import { adminMay } from '@mihna/shared';
import { BadgePercent, Briefcase, FolderOpen, Settings, Sparkles, TrendingUp, UserCheck, Users, Wallet } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatMonth, formatNumber, languageOf, type Language } from '../../../lib/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { StatCards, type Stat } from '../../../components/ui/stat-cards.tsx';
import { useFinancialStats } from '../api/admin-api.ts';
import type { ChartComponent, ConsoleTab } from './console.tsx';
import { LoadState, panel } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';

/**
 * Admin spec §2 Dashboard: the four money cards from the ledger (AED at the reference rates, each
 * currency's own figures below), the platform's live figures in place of the spec's samples, charts
 * of revenue and new users by month, and shortcuts to the settings and projects tabs (decision 37).
 */
export function DashboardTab({
  admin,
  onOpen,
  BarChart,
}: {
  admin: AdminUser;
  onOpen: (tab: ConsoleTab) => void;
  BarChart: ChartComponent;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const stats = useFinancialStats();
  if (!stats.data) return <LoadState isPending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  const aed = (amount: number) => formatAmount(amount, 'AED', language);
  const counted = (key: string, count: number) => t(key, { count, n: formatNumber(count, language) });
  const money: Stat[] = [
    { label: t('dashboard.total_projects'), value: formatNumber(data.total_projects, language), icon: FolderOpen },
    { label: t('dashboard.total_revenue'), value: aed(data.total_settlement_value), note: t('dashboard.total_revenue_note'), icon: Wallet },
    { label: t('dashboard.featured_income'), value: aed(data.featured_posts_income), icon: Sparkles },
    { label: t('dashboard.platform_commission'), value: aed(data.platform_commission), icon: BadgePercent },
  ];
  const platform: Stat[] = [
    {
      label: t('dashboard.users'),
      value: formatNumber(data.users.total, language),
      note: `${counted('dashboard.professionals_count', data.users.professionals)} · ${counted('dashboard.employers_count', data.users.employers)}`,
      icon: Users,
    },
    { label: t('dashboard.active_professionals'), value: formatNumber(data.users.active_professionals, language), icon: UserCheck },
    { label: t('dashboard.active_employers'), value: formatNumber(data.users.active_employers, language), icon: Briefcase },
    {
      label: t('dashboard.success_rate'),
      value: data.success_rate === null ? '—' : `${formatNumber(data.success_rate, language, { fractionDigits: { upTo: 1 } })}%`,
      note: data.success_rate === null ? t('dashboard.success_rate_none') : undefined,
      icon: TrendingUp,
    },
  ];
  return (
    <div className="space-y-6">
      <StatCards stats={money} />
      <section aria-labelledby="platform-metrics" className="space-y-3">
        <h2 id="platform-metrics" className="text-lg font-semibold text-slate-950">
          {t('dashboard.platform_metrics')}
        </h2>
        <StatCards stats={platform} />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className={panel}>
          <BarChart
            title={t('dashboard.revenue_chart')}
            bars={data.monthly.map((row) => ({ label: formatMonth(row.month, language), value: row.revenue, text: aed(row.revenue) }))}
            labelTitle={t('dashboard.month')}
            valueTitle={t('dashboard.revenue')}
            emptyText={t('dashboard.no_revenue')}
          />
        </section>
        <section className={panel}>
          <BarChart
            title={t('dashboard.users_chart')}
            bars={data.monthly.map((row) => ({
              label: formatMonth(row.month, language),
              value: row.new_users,
              text: formatNumber(row.new_users, language),
            }))}
            labelTitle={t('dashboard.month')}
            valueTitle={t('dashboard.new_users')}
            emptyText={t('dashboard.no_users')}
          />
        </section>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CurrencyTable data={data} language={language} />
        <section className={panel} aria-labelledby="dashboard-shortcuts">
          <h2 id="dashboard-shortcuts" className="text-lg font-semibold text-slate-950">
            {t('dashboard.shortcuts')}
          </h2>
          <div className="mt-4 flex flex-col gap-3">
            {adminMay(admin, 'manage_content') ? (
              <Button variant="secondary" onClick={() => onOpen('settings')}>
                <Settings className="size-4" aria-hidden="true" />
                {t('dashboard.open_settings')}
              </Button>
            ) : null}
            {adminMay(admin, 'view_users') ? (
              <Button variant="secondary" onClick={() => onOpen('projects')}>
                <FolderOpen className="size-4" aria-hidden="true" />
                {t('dashboard.open_projects')}
              </Button>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  );
}

type CurrencyRow = FinancialStats['by_currency'][number];

/** A currency's name, then its figures in it. */
const currencyColumns = (language: Language): Column<CurrencyRow>[] => [
  { header: 'dashboard.currency', isRowHeader: true, className: 'text-start font-semibold', cell: (row) => row.currency },
  {
    header: 'dashboard.total_revenue',
    className: 'tabular-nums',
    cell: (row) => formatAmount(row.total_settlement_value, row.currency, language),
  },
  {
    header: 'dashboard.featured_income',
    className: 'tabular-nums',
    cell: (row) => formatAmount(row.featured_posts_income, row.currency, language),
  },
  {
    header: 'dashboard.platform_commission',
    className: 'tabular-nums',
    cell: (row) => formatAmount(row.platform_commission, row.currency, language),
  },
];

/** Each currency's own figures: money is shown in AED above, but moved in these. */
function CurrencyTable({ data, language }: { data: FinancialStats; language: Language }) {
  const { t } = useTranslation('admin');
  if (data.by_currency.length === 0) return <div />;
  return (
    <section className={panel} aria-labelledby="by-currency">
      <h2 id="by-currency" className="text-lg font-semibold text-slate-950">
        {t('dashboard.by_currency')}
      </h2>
      <DataTable
        layout="inset"
        className="mt-3"
        columns={currencyColumns(language)}
        rows={data.by_currency}
        rowKey={(row) => row.currency}
      />
    </section>
  );
}

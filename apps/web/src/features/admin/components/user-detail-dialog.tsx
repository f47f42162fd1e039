import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatDate, formatDateTime, formatNumber, languageOf, takeFirst } from '../../../lib/format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useUserDetails } from '../api/admin-api.ts';
import { DataTable, type Column } from './data-table.tsx';
import { statusTone } from './status-tones.ts';

/** Admin spec §9: the modal shows the first 5 transactions and login entries; a device's text is cut at 30 characters. */
const SHOWN_ROWS = 5;
const AGENT_LENGTH = 30;
export const shortAgent = (agent: string | null) =>
  agent && agent.length > AGENT_LENGTH ? `${agent.slice(0, AGENT_LENGTH)}…` : (agent ?? '');

/**
 * Admin spec §2 Users' detail modal: who the user is, total earned and spent, projects posted and
 * worked, the first 5 transactions and the first 5 login-history entries (both calls made together).
 */
export function UserDetailDialog({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const { details, logins } = useUserDetails(id);
  const user = details.data?.user_info;
  const transactions = takeFirst(details.data?.transactions ?? [], SHOWN_ROWS).shown;
  const history = takeFirst(logins.data?.login_history ?? [], SHOWN_ROWS).shown;
  const figure = 'rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200';
  const transactionColumns: Column<(typeof transactions)[number]>[] = [
    { header: 'user_detail.date', className: 'whitespace-nowrap', cell: (row) => formatDate(row.created_at, language) },
    {
      header: 'projects.title',
      cell: (row) => (
        <>
          <span dir="auto">{row.project_title}</span>
          <span className="block text-xs text-slate-500">{t(`user_detail.type_${row.type}`)}</span>
        </>
      ),
    },
    {
      header: 'user_detail.amount',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => formatAmount(row.amount, row.currency, language),
    },
    { header: 'users.status', cell: (row) => t(`user_detail.movement_statuses.${row.status}`) },
  ];
  const loginColumns: Column<(typeof history)[number]>[] = [
    { header: 'user_detail.date', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.login_time, language) },
    {
      header: 'users.status',
      cell: (row) => (
        <Badge tone={row.success ? 'positive' : 'danger'}>{row.success ? t('user_detail.success') : t('user_detail.failed')}</Badge>
      ),
    },
    { header: 'user_detail.ip', className: 'tabular-nums', dir: 'ltr', cell: (row) => row.ip_address ?? '' },
    {
      header: 'user_detail.agent',
      dir: 'ltr',
      title: (row) => row.user_agent ?? undefined,
      cell: (row) => shortAgent(row.user_agent),
    },
  ];
  return (
    <Dialog
      isOpen={id !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={user?.name || t('user_detail.title')}
      closeLabel={t('common.close')}
      size="lg"
    >
      {details.isPending ? <Spinner label={t('common.loading')} className="py-8" /> : null}
      {details.isError ? <Alert tone="error">{t('user_detail.load_failed')}</Alert> : null}
      {details.data && user ? (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span dir="ltr">{user.email}</span>
            <Badge tone={statusTone[user.account_status]}>{t(`status.${user.account_status}`)}</Badge>
            <span>{t(`users.${user.role}`)}</span>
          </div>
          {user.status_reason ? (
            <p className="text-sm text-slate-700">{t('user_detail.status_reason', { reason: user.status_reason })}</p>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div className={figure}>
              <dt className="text-xs text-slate-500">{t('user_detail.total_earned')}</dt>
              <dd className="mt-1 font-semibold tabular-nums">
                {formatAmount(details.data.financial_summary.total_earned, 'AED', language)}
              </dd>
            </div>
            <div className={figure}>
              <dt className="text-xs text-slate-500">{t('user_detail.total_spent')}</dt>
              <dd className="mt-1 font-semibold tabular-nums">
                {formatAmount(details.data.financial_summary.total_spent, 'AED', language)}
              </dd>
            </div>
            <div className={figure}>
              <dt className="text-xs text-slate-500">{t('user_detail.projects_posted')}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatNumber(details.data.activity_summary.projects_posted, language)}</dd>
            </div>
            <div className={figure}>
              <dt className="text-xs text-slate-500">{t('user_detail.projects_worked')}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatNumber(details.data.activity_summary.projects_worked, language)}</dd>
            </div>
          </dl>

          <section aria-labelledby="user-transactions">
            <h3 id="user-transactions" className="font-semibold text-slate-950">
              {t('user_detail.transactions')}
            </h3>
            <DataTable
              layout="inset"
              className="mt-2"
              columns={transactionColumns}
              rows={transactions}
              rowKey={(row) => row.id}
              empty={t('user_detail.no_transactions')}
              emptyClassName="mt-2 text-sm text-slate-600"
            />
          </section>

          <section aria-labelledby="user-logins">
            <h3 id="user-logins" className="font-semibold text-slate-950">
              {t('user_detail.login_history')}
            </h3>
            {logins.isPending ? <Spinner label={t('common.loading')} className="py-4" /> : null}
            <DataTable
              layout="inset"
              className="mt-2"
              columns={loginColumns}
              rows={logins.data ? history : undefined}
              rowKey={(row) => row.id}
              empty={t('user_detail.no_logins')}
              emptyClassName="mt-2 text-sm text-slate-600"
            />
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}

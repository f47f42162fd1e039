import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatDate, formatDateTime, formatNumber, languageOf, takeFirst } from '../../../lib/format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useUserDetails } from '../api/admin-api.ts';
import { bodyCell, HeadRow } from './console-ui.tsx';
import { statusTone } from './users-tab.tsx';

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
            {transactions.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('user_detail.no_transactions')}</p>
            ) : (
              <div className="relative mt-2 overflow-x-auto">
                <table className="min-w-full divide-y divide-slate-200">
                  <HeadRow labels={[t('user_detail.date'), t('projects.title'), t('user_detail.amount'), t('users.status')]} />
                  <tbody className="divide-y divide-slate-100">
                    {transactions.map((row) => (
                      <tr key={row.id}>
                        <td className={`${bodyCell} whitespace-nowrap`}>{formatDate(row.created_at, language)}</td>
                        <td className={bodyCell}>
                          <span dir="auto">{row.project_title}</span>
                          <span className="block text-xs text-slate-500">{t(`user_detail.type_${row.type}`)}</span>
                        </td>
                        <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>{formatAmount(row.amount, row.currency, language)}</td>
                        <td className={bodyCell}>{t(`user_detail.movement_statuses.${row.status}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="user-logins">
            <h3 id="user-logins" className="font-semibold text-slate-950">
              {t('user_detail.login_history')}
            </h3>
            {logins.isPending ? <Spinner label={t('common.loading')} className="py-4" /> : null}
            {logins.data && history.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t('user_detail.no_logins')}</p> : null}
            {history.length > 0 ? (
              <div className="relative mt-2 overflow-x-auto">
                <table className="min-w-full divide-y divide-slate-200">
                  <HeadRow labels={[t('user_detail.date'), t('users.status'), t('user_detail.ip'), t('user_detail.agent')]} />
                  <tbody className="divide-y divide-slate-100">
                    {history.map((row) => (
                      <tr key={row.id}>
                        <td className={`${bodyCell} whitespace-nowrap`}>{formatDateTime(row.login_time, language)}</td>
                        <td className={bodyCell}>
                          <Badge tone={row.success ? 'positive' : 'danger'}>
                            {row.success ? t('user_detail.success') : t('user_detail.failed')}
                          </Badge>
                        </td>
                        <td className={`${bodyCell} tabular-nums`} dir="ltr">
                          {row.ip_address ?? ''}
                        </td>
                        <td className={bodyCell} dir="ltr" title={row.user_agent ?? undefined}>
                          {shortAgent(row.user_agent)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}

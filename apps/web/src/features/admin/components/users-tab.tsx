import { adminMay, type AdminUser, type AdminUserRow } from '@mihna/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, ChevronDown, PauseCircle, PlayCircle, ShieldAlert, Trash2, UserRound, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatDate, formatNumber, languageOf } from '../../../lib/format.ts';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { StatCards } from '../../../components/ui/stat-cards.tsx';
import { useAdminUsers, useDeleteUser, useSetUserStatus, type ListQuery } from '../api/admin-api.ts';
import { Filters, FilterSelect, panel, SearchField, useFailureText } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { statusTone } from './status-tones.ts';
import { UserDetailDialog } from './user-detail-dialog.tsx';

type Pending = { user: AdminUserRow; action: 'active' | 'suspended' | 'blocked' | 'delete' };

/**
 * Admin spec §2 Users: filters by type, industry and a search (Enter searches), the summary cards, the
 * directory 20 to a page with the 5-button pager, each row's Manage menu (a status needs a reason;
 * delete asks first: "This action cannot be undone!"), and a name opens the user's details.
 */
export function UsersTab({ admin }: { admin: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const options = useReferenceOptions();
  const translate = useValidationMessage();
  const failureText = useFailureText();
  const [query, setQuery] = useState<ListQuery>({ skip: 0, limit: 20, sort_by: 'created_at', sort_order: 'desc' });
  const users = useAdminUsers(query);
  const setStatus = useSetUserStatus();
  const deleteUser = useDeleteUser();
  const [shownId, setShownId] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const canManage = adminMay(admin, 'manage_users');
  const filter = (changes: ListQuery) => setQuery((before) => ({ ...before, ...changes, skip: 0 }));
  const nameOf = (user: AdminUserRow) => user.full_name || t('common.no_name');

  function changeStatus(reason: string) {
    if (!pending || pending.action === 'delete') return;
    const { user, action } = pending;
    setStatus.mutate(
      { id: user.id, status: action, reason },
      {
        onSuccess: ({ message }) => {
          setPending(undefined);
          setNotice({ tone: 'success', text: t('users.status_updated', { message: translate(message) ?? message }) });
        },
        onError: (error) => setNotice({ tone: 'error', text: failureText(error, t('users.status_failed')) }),
      },
    );
  }

  function remove() {
    if (pending?.action !== 'delete') return;
    deleteUser.mutate(pending.user.id, {
      onSuccess: () => {
        setPending(undefined);
        setNotice({ tone: 'success', text: t('users.deleted') });
      },
      onError: (error) => {
        setPending(undefined);
        setNotice({ tone: 'error', text: failureText(error, t('users.delete_failed')) });
      },
    });
  }

  const data = users.data;
  const columns: Column<AdminUserRow>[] = [
    {
      header: 'users.name',
      cell: (user) => (
        <>
          <button
            type="button"
            className="text-start font-semibold text-primary-strong hover:underline"
            dir="auto"
            onClick={() => setShownId(user.id)}
          >
            {nameOf(user)}
          </button>
          <span className="block text-xs text-slate-500" dir="ltr">
            {user.email}
          </span>
        </>
      ),
    },
    { header: 'users.type', cell: (user) => t(`users.${user.role}`) },
    {
      header: 'users.status',
      cell: (user) => (
        <>
          <Badge tone={statusTone[user.account_status]}>{t(`status.${user.account_status}`)}</Badge>
          {user.status_reason ? (
            <span className="mt-1 block max-w-48 truncate text-xs text-slate-500" title={user.status_reason} dir="auto">
              {user.status_reason}
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'users.joined', className: 'whitespace-nowrap', cell: (user) => formatDate(user.created_at, language) },
    {
      header: 'users.last_login',
      className: 'whitespace-nowrap',
      cell: (user) => (user.last_login ? formatDate(user.last_login, language) : t('users.never')),
    },
    {
      header: 'users.earnings',
      className: 'whitespace-nowrap tabular-nums',
      cell: (user) => formatAmount(user.total_earnings, 'AED', language),
    },
    {
      header: 'users.projects',
      className: 'tabular-nums',
      cell: (user) => formatNumber(user.role === 'employer' ? user.projects_posted : user.projects_completed, language),
    },
    ...(canManage
      ? [
          {
            header: 'users.actions',
            isHeaderHidden: true,
            cell: (user: AdminUserRow) => (
              <ManageMenu user={user} label={t('users.manage_label', { name: nameOf(user) })} onChoose={setPending} />
            ),
          },
        ]
      : []),
  ];
  // The last row of the last page deleted: the page before it is shown, not an empty one.
  const lastPageSkip = data ? Math.max(0, (data.pagination.total_pages - 1) * data.pagination.limit) : 0;
  useEffect(() => {
    if (data && data.users.length === 0 && data.pagination.skip > lastPageSkip) setQuery((before) => ({ ...before, skip: lastPageSkip }));
  }, [data, lastPageSkip]);
  return (
    <div className="space-y-6">
      {data ? (
        <StatCards
          stats={[
            { label: t('users.summary_total'), value: formatNumber(data.summary.total, language), icon: Users },
            { label: t('users.summary_professionals'), value: formatNumber(data.summary.professionals, language), icon: UserRound },
            { label: t('users.summary_employers'), value: formatNumber(data.summary.employers, language), icon: UserRound },
            {
              label: t('users.summary_suspended'),
              value: formatNumber(data.summary.suspended, language),
              note: `${t('users.summary_blocked')}: ${formatNumber(data.summary.blocked, language)}`,
              icon: ShieldAlert,
            },
          ]}
        />
      ) : null}
      <section className={panel}>
        <Filters>
          <FilterSelect
            label={t('users.user_type')}
            name="user_type"
            query={query}
            options={[
              { value: 'professional', label: t('users.professional') },
              { value: 'employer', label: t('users.employer') },
            ]}
            onFilter={filter}
          />
          <FilterSelect label={t('users.industry')} name="industry" query={query} options={options.industries} onFilter={filter} />
          <SearchField placeholder={t('users.search_placeholder')} query={query} onFilter={filter} />
        </Filters>

        {notice ? (
          <Alert tone={notice.tone} className="mt-4">
            {notice.text}
          </Alert>
        ) : null}

        <div className="mt-4">
          <DataTable
            columns={columns}
            rows={data?.users}
            rowKey={(user) => user.id}
            load={users}
            empty={t('users.empty')}
            pagination={data?.pagination}
            onSkip={(skip) => setQuery((before) => ({ ...before, skip }))}
          />
        </div>
      </section>

      <UserDetailDialog id={shownId} onClose={() => setShownId(undefined)} />
      <ReasonDialog
        isOpen={pending !== undefined && pending.action !== 'delete'}
        title={
          pending && pending.action !== 'delete'
            ? t('users.status_title', { action: t(`users.${actionWord[pending.action]}`), name: nameOf(pending.user) })
            : ''
        }
        hint={t('users.reason_hint')}
        confirmLabel={pending && pending.action !== 'delete' ? t(`users.${actionWord[pending.action]}`) : ''}
        isBusy={setStatus.isPending}
        isDestructive={pending?.action === 'blocked'}
        onConfirm={changeStatus}
        onCancel={() => setPending(undefined)}
      />
      <ConfirmDialog
        isOpen={pending?.action === 'delete'}
        title={pending ? t('users.delete_title', { name: nameOf(pending.user) }) : ''}
        description={
          <>
            <strong className="block text-red-700">{t('users.delete_text')}</strong>
            <span className="mt-2 block">{t('users.delete_detail')}</span>
          </>
        }
        confirmLabel={t('users.delete')}
        cancelLabel={t('common.cancel')}
        isBusy={deleteUser.isPending}
        isDestructive
        onConfirm={remove}
        onCancel={() => setPending(undefined)}
      />
    </div>
  );
}

const actionWord = { active: 'reactivate', suspended: 'suspend', blocked: 'block' } as const;

/** The row's Manage menu: the statuses it is not in, then delete. */
function ManageMenu({ user, label, onChoose }: { user: AdminUserRow; label: string; onChoose: (pending: Pending) => void }) {
  const { t } = useTranslation('admin');
  const item =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';
  const choices = [
    { action: 'active', icon: PlayCircle, label: t('users.reactivate') },
    { action: 'suspended', icon: PauseCircle, label: t('users.suspend') },
    { action: 'blocked', icon: Ban, label: t('users.block') },
  ] as const;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-9 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        aria-label={label}
      >
        {t('users.manage')}
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 min-w-44 rounded-xl bg-white p-1 shadow-xl ring-1 ring-slate-200"
        >
          {choices
            .filter((choice) => choice.action !== user.account_status)
            .map(({ action, icon: Icon, label: text }) => (
              <DropdownMenu.Item key={action} className={item} onSelect={() => onChoose({ user, action })}>
                <Icon className="size-4 text-slate-500" aria-hidden="true" />
                {text}
              </DropdownMenu.Item>
            ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={`${item} text-red-700`} onSelect={() => onChoose({ user, action: 'delete' })}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('users.delete')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

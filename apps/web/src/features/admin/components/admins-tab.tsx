import {
  ADMIN_PASSWORD_MIN,
  adminMay,
  adminRoles,
  grantablePermissions,
  rolePermissions,
  type AdminAction,
  type AdminPermission,
  type AdminListEntry,
  type AdminRole,
  type AdminUser,
} from '@mihna/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import {
  useAdmins,
  useAdminStatus,
  useChangeAdminPassword,
  useCreateAdmin,
  useDeleteAdmin,
  useResetSecondFactor,
  useSetAdminPermissions,
} from '../api/admin-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { LoadState, panel } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { statusTone } from './status-tones.ts';

type Notice = { tone: 'success' | 'error'; text: string };
type Pending = { admin: AdminUser; action: AdminAction | 'delete' };

/**
 * Admin spec §2 Admins: the list with its "Super Admin Actions" (suspend or reactivate, block, delete,
 * each confirmed first), and the Add New Admin, Change Password and Manage Permissions forms. Only a
 * super admin changes admins; others see the list.
 */
export function AdminsTab({ admin: me }: { admin: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const admins = useAdmins();
  const status = useAdminStatus();
  const remove = useDeleteAdmin();
  const failure = useServerMessage();
  const resetSecondFactor = useResetSecondFactor();
  const [pending, setPending] = useState<Pending>();
  const [resetting, setResetting] = useState<AdminListEntry>();
  const [notice, setNotice] = useState<Notice>();
  const canManage = adminMay(me, 'manage_admins');
  const isSuperAdmin = me.role === 'super_admin';
  const nameOf = (admin: AdminUser) => `${admin.first_name} ${admin.last_name}`.trim() || t('common.no_name');

  function confirm() {
    if (!pending) return;
    const { admin, action } = pending;
    const done = (text: string) => {
      setPending(undefined);
      setNotice({ tone: 'success', text });
    };
    const failed = (error: unknown, fallback: string) => {
      setPending(undefined);
      setNotice({ tone: 'error', text: failure(error, fallback) });
    };
    if (action === 'delete') {
      remove.mutate(admin.id, { onSuccess: () => done(t('admins.deleted')), onError: (error) => failed(error, t('admins.delete_failed')) });
    } else {
      status.mutate(
        { id: admin.id, action },
        {
          onSuccess: () => done(t(`admins.action_done_${action}`)),
          onError: (error) => failed(error, t(`admins.action_failed_${action}`)),
        },
      );
    }
  }

  function reset(reason: string) {
    if (!resetting) return;
    const name = nameOf(resetting);
    resetSecondFactor.mutate(
      { id: resetting.id, reason },
      {
        onSuccess: () => {
          setResetting(undefined);
          setNotice({ tone: 'success', text: t('admins.second_factor_reset_done', { name }) });
        },
        onError: (error) => {
          setResetting(undefined);
          setNotice({ tone: 'error', text: failure(error, t('admins.second_factor_reset_failed')) });
        },
      },
    );
  }

  const list = admins.data?.admins ?? [];
  const columns: Column<AdminListEntry>[] = [
    {
      header: 'admins.name',
      cell: (admin) => (
        <>
          <span className="font-semibold" dir="auto">
            {nameOf(admin)}
          </span>
          {admin.id === me.id ? <Badge className="ms-2">{t('admins.you')}</Badge> : null}
          <span className="block text-xs text-slate-500" dir="ltr">
            {admin.email}
          </span>
        </>
      ),
    },
    { header: 'admins.role', cell: (admin) => t(`roles.${admin.role}`) },
    {
      header: 'admins.status',
      cell: (admin) => <Badge tone={statusTone[admin.status]}>{t(`status.${admin.is_active ? 'active' : admin.status}`)}</Badge>,
    },
    {
      header: 'admins.second_factor',
      cell: (admin) => (
        <Badge tone={admin.has_second_factor ? 'positive' : 'warning'}>
          {t(admin.has_second_factor ? 'admins.second_factor_on' : 'admins.second_factor_off')}
        </Badge>
      ),
    },
    {
      header: 'admins.last_login',
      className: 'whitespace-nowrap',
      cell: (admin) => (admin.last_login ? formatDate(admin.last_login, language) : t('users.never')),
    },
    ...(canManage
      ? [
          {
            header: 'admins.actions',
            cell: (admin: AdminListEntry) =>
              admin.id === me.id ? null : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setPending({ admin, action: admin.is_active ? 'suspend' : 'reactivate' })}
                  >
                    {admin.is_active ? t('admins.suspend') : t('admins.reactivate')}
                  </Button>
                  {admin.status !== 'blocked' ? (
                    <Button size="sm" variant="secondary" onClick={() => setPending({ admin, action: 'block' })}>
                      {t('admins.block')}
                    </Button>
                  ) : null}
                  {isSuperAdmin && admin.has_second_factor ? (
                    <Button size="sm" variant="secondary" onClick={() => setResetting(admin)}>
                      {t('admins.second_factor_reset')}
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setPending({ admin, action: 'delete' })}>
                    {t('admins.delete')}
                  </Button>
                </div>
              ),
          },
        ]
      : []),
  ];
  return (
    <div className="space-y-6">
      <section className={panel} aria-labelledby="admins-list">
        <h2 id="admins-list" className="text-lg font-semibold text-slate-950">
          {t('admins.list_title')}
        </h2>
        {!canManage ? <p className="mt-1 text-sm text-slate-600">{t('admins.read_only')}</p> : null}
        {notice ? (
          <Alert tone={notice.tone} className="mt-4">
            {notice.text}
          </Alert>
        ) : null}
        <div className="mt-4">
          {admins.isError ? <Alert tone="error">{t('admins.load_failed')}</Alert> : null}
          {!admins.data && !admins.isError ? (
            <LoadState isPending={admins.isPending} error={null} onRetry={() => void admins.refetch()} />
          ) : null}
          <DataTable
            columns={columns}
            rows={admins.data?.admins}
            rowKey={(admin) => admin.id}
            empty={t('admins.empty')}
            emptyClassName="py-6 text-center text-sm text-slate-600"
          />
        </div>
      </section>

      {canManage ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <AddAdminForm />
          <ChangePasswordForm admins={list} nameOf={nameOf} />
          <PermissionsForm admins={list.filter((admin) => admin.id !== me.id)} nameOf={nameOf} />
        </div>
      ) : null}

      <ReasonDialog
        isOpen={resetting !== undefined}
        title={t('admins.second_factor_reset')}
        hint={resetting ? t('admins.second_factor_reset_hint', { name: nameOf(resetting) }) : ''}
        confirmLabel={t('admins.second_factor_reset')}
        isBusy={resetSecondFactor.isPending}
        isDestructive
        onConfirm={reset}
        onCancel={() => setResetting(undefined)}
      />

      <ConfirmDialog
        isOpen={pending !== undefined}
        title={pending ? t(`admins.${pending.action}`) : ''}
        description={pending ? t(`admins.confirm_${pending.action}`, { name: nameOf(pending.admin) }) : ''}
        confirmLabel={pending ? t(`admins.${pending.action}`) : ''}
        cancelLabel={t('common.cancel')}
        isBusy={status.isPending || remove.isPending}
        isDestructive={pending?.action === 'delete' || pending?.action === 'block'}
        onConfirm={confirm}
        onCancel={() => setPending(undefined)}
      />
    </div>
  );
}

function FormPanel({
  id,
  title,
  notice,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  notice?: Notice;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <section className={panel} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-950">
        {title}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {children}
      </form>
    </section>
  );
}

const emptyAdmin = { email: '', password: '', first_name: '', last_name: '', role: 'admin' as AdminRole };

/** Add New Admin (§5): every field required, the role admin unless another is chosen. */
function AddAdminForm() {
  const { t } = useTranslation('admin');
  const create = useCreateAdmin();
  const failure = useServerMessage();
  const [form, setForm] = useState(emptyAdmin);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof emptyAdmin, string>>>({});
  const [notice, setNotice] = useState<Notice>();
  const required = t('validation:This field is required', { keySeparator: false, nsSeparator: false });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    for (const key of ['email', 'password', 'first_name', 'last_name'] as const) if (!form[key].trim()) found[key] = required;
    if (!found.password && form.password.length < ADMIN_PASSWORD_MIN) found.password = t('admins.password_short');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { ...form, email: form.email.trim() },
      {
        onSuccess: () => {
          setForm(emptyAdmin);
          setNotice({ tone: 'success', text: t('admins.created') });
        },
        onError: (error) => setNotice({ tone: 'error', text: failure(error, t('admins.create_failed')) }),
      },
    );
  }
  const text = (key: keyof typeof emptyAdmin, label: string, type = 'text', extra: Record<string, string> = {}) => (
    <Field label={label} error={errors[key]}>
      {(props) => (
        <Input {...props} {...extra} type={type} value={form[key]} onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
      )}
    </Field>
  );
  return (
    <FormPanel id="add-admin" title={t('admins.add_title')} notice={notice} onSubmit={submit}>
      {text('email', t('admins.email'), 'email', { dir: 'ltr', autoComplete: 'off' })}
      {text('password', t('admins.password'), 'password', { dir: 'ltr', autoComplete: 'new-password' })}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {text('first_name', t('admins.first_name'), 'text', { dir: 'auto' })}
        {text('last_name', t('admins.last_name'), 'text', { dir: 'auto' })}
      </div>
      <Field label={t('admins.role')}>
        {(props) => (
          <Select {...props} value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as AdminRole })}>
            {adminRoles.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {t('admins.create')}
      </Button>
    </FormPanel>
  );
}

/** Change Password (§5): at least 6 characters; the admin's sessions end. */
function ChangePasswordForm({ admins, nameOf }: { admins: AdminUser[]; nameOf: (admin: AdminUser) => string }) {
  const { t } = useTranslation('admin');
  const change = useChangeAdminPassword();
  const failure = useServerMessage();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ id?: string; password?: string }>({});
  const [notice, setNotice] = useState<Notice>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      id: id ? undefined : t('admins.choose_admin_placeholder'),
      password: password.length >= ADMIN_PASSWORD_MIN ? undefined : t('admins.password_short'),
    };
    setError(found);
    if (found.id || found.password) return;
    change.mutate(
      { id, new_password: password },
      {
        onSuccess: () => {
          setPassword('');
          setNotice({ tone: 'success', text: t('admins.password_changed') });
        },
        onError: (failed) => setNotice({ tone: 'error', text: failure(failed, t('admins.password_failed')) }),
      },
    );
  }
  return (
    <FormPanel id="change-password" title={t('admins.password_title')} notice={notice} onSubmit={submit}>
      <Field label={t('admins.choose_admin')} error={error.id}>
        {(props) => (
          <OptionSelect
            {...props}
            value={id}
            onChange={(event) => setId(event.target.value)}
            placeholder={t('admins.choose_admin_placeholder')}
            options={admins.map((admin) => ({ value: admin.id, label: `${nameOf(admin)} (${admin.email})` }))}
          />
        )}
      </Field>
      <Field label={t('admins.new_password')} error={error.password}>
        {(props) => (
          <Input
            {...props}
            type="password"
            dir="ltr"
            autoComplete="new-password"
            placeholder={t('admins.new_password_placeholder')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={change.isPending}>
        {t('admins.change_password')}
      </Button>
    </FormPanel>
  );
}

/** Manage Permissions (§6): the role and its list, sent together; a super admin has every permission. */
function PermissionsForm({ admins, nameOf }: { admins: AdminUser[]; nameOf: (admin: AdminUser) => string }) {
  const { t } = useTranslation('admin');
  const update = useSetAdminPermissions();
  const failure = useServerMessage();
  const [id, setId] = useState('');
  const [role, setRole] = useState<AdminRole>('admin');
  const [permissions, setPermissions] = useState<AdminPermission[]>([]);
  const [notice, setNotice] = useState<Notice>();

  function choose(adminId: string) {
    setId(adminId);
    const admin = admins.find((candidate) => candidate.id === adminId);
    if (admin) {
      setRole(admin.role);
      setPermissions(admin.permissions);
    }
  }
  function chooseRole(next: AdminRole) {
    setRole(next);
    setPermissions([...rolePermissions[next]]);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!id) return setNotice({ tone: 'error', text: t('admins.choose_admin_placeholder') });
    update.mutate(
      { id, role, permissions: role === 'super_admin' ? [] : permissions.filter((permission) => permission !== 'manage_admins') },
      {
        onSuccess: () => setNotice({ tone: 'success', text: t('admins.permissions_updated') }),
        onError: (error) => setNotice({ tone: 'error', text: failure(error, t('admins.permissions_failed')) }),
      },
    );
  }
  return (
    <FormPanel id="manage-permissions" title={t('admins.permissions_title')} notice={notice} onSubmit={submit}>
      <Field label={t('admins.choose_admin')}>
        {(props) => (
          <OptionSelect
            {...props}
            value={id}
            onChange={(event) => choose(event.target.value)}
            placeholder={t('admins.choose_admin_placeholder')}
            options={admins.map((admin) => ({ value: admin.id, label: `${nameOf(admin)} (${admin.email})` }))}
          />
        )}
      </Field>
      <Field label={t('admins.role')}>
        {(props) => (
          <Select {...props} value={role} onChange={(event) => chooseRole(event.target.value as AdminRole)} disabled={!id}>
            {adminRoles.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {role === 'super_admin' ? (
        <p className="text-sm text-slate-600">{t('admins.super_has_all')}</p>
      ) : (
        <fieldset disabled={!id} className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('admins.permissions_title')}</legend>
          {grantablePermissions.map((permission) => (
            <label key={permission} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                checked={permissions.includes(permission)}
                onChange={(event) =>
                  setPermissions((before) =>
                    event.target.checked ? [...before, permission] : before.filter((item) => item !== permission),
                  )
                }
              />
              {t(`permissions.${permission}`)}
            </label>
          ))}
        </fieldset>
      )}
      <Button type="submit" disabled={update.isPending || !id}>
        {t('admins.update_permissions')}
      </Button>
    </FormPanel>
  );
}

import type { Passkey } from '@mihna/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isPasskeyAlreadyRegistered, isPasskeyPromptClosed, usePasskeysAvailable } from '../../../components/second-factor/passkeys.ts';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { startPasskeyRegistration, useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys.ts';

type Guarded = <T>(action: () => Promise<T>) => Promise<T>;

/**
 * The account's passkeys on /settings/security: each one's name, when it was added and last used,
 * whether it is synced across the person's devices; adding one (after step-up), renaming and
 * removing one (after step-up). A passkey signs in alone and serves as the second step.
 */
export function PasskeysList({ guarded }: { guarded: Guarded }) {
  const { t, i18n } = useTranslation('security');
  const language = languageOf(i18n.language);
  const canUsePasskeys = usePasskeysAvailable();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const refusal = useRefusal();
  const list = passkeys.data?.passkeys ?? [];
  const [name, setName] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [renaming, setRenaming] = useState<{ passkey: Passkey; name: string; failure: string | null }>();
  const [removing, setRemoving] = useState<{ passkey: Passkey; failure?: string }>();
  const suggestedName = t('passkeys.default_name', { count: list.length + 1 });
  const newName = name ?? suggestedName;

  const failureOf = (failure: unknown) =>
    failure instanceof ApiError
      ? refusal(failure)
      : isPasskeyAlreadyRegistered(failure)
        ? t('passkeys.already_here')
        : isPasskeyPromptClosed(failure)
          ? t('passkeys.prompt_closed')
          : t('passkeys.browser_failed');

  async function addPasskey() {
    setNotice(undefined);
    if (!newName.trim()) return setNotice({ tone: 'error', text: t('passkeys.name_required') });
    try {
      const ceremony = await guarded(startPasskeyRegistration);
      const added = await add.mutateAsync({ ceremony, name: newName.trim() });
      setName(undefined);
      setNotice({ tone: 'success', text: t('passkeys.added', { name: added.name }) });
    } catch (failure) {
      // A closed step-up dialog rejects with nothing to say.
      if (failure) setNotice({ tone: 'error', text: failureOf(failure) });
    }
  }

  async function saveName() {
    if (!renaming) return;
    if (!renaming.name.trim()) return setRenaming({ ...renaming, failure: t('passkeys.name_required') });
    try {
      await rename.mutateAsync({ id: renaming.passkey.id, name: renaming.name.trim() });
      setRenaming(undefined);
    } catch (failure) {
      setRenaming({ ...renaming, failure: failureOf(failure) });
    }
  }

  async function removePasskey() {
    if (!removing) return;
    try {
      await guarded(() => remove.mutateAsync(removing.passkey.id));
      setRemoving(undefined);
      setNotice({ tone: 'success', text: t('passkeys.removed', { name: removing.passkey.name }) });
    } catch (failure) {
      if (failure) setRemoving({ ...removing, failure: failureOf(failure) });
    }
  }

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6" aria-labelledby="passkeys-title">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-6 shrink-0 text-primary-strong" />
        <div>
          <h2 id="passkeys-title" className="text-lg font-semibold text-slate-950">
            {t('passkeys.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('passkeys.intro')}</p>
        </div>
      </div>
      {passkeys.isLoading ? <Spinner label={t('loading')} /> : null}
      {passkeys.isError ? <Alert tone="error">{t('failed')}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-slate-200">
          {list.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-start gap-3 py-3">
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="font-medium break-words text-slate-900">
                  <bdi>{passkey.name}</bdi>
                  {passkey.backed_up ? (
                    <Badge tone="neutral" className="ms-2">
                      {t('passkeys.synced')}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {t('passkeys.added_on', { date: formatDate(passkey.created_at, language) })} ·{' '}
                  {passkey.last_used_at
                    ? t('passkeys.last_used', { date: formatDate(passkey.last_used_at, language) })
                    : t('passkeys.never_used')}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('passkeys.rename_one', { name: passkey.name })}
                  onClick={() => setRenaming({ passkey, name: passkey.name, failure: null })}
                >
                  {t('passkeys.rename')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('passkeys.remove_one', { name: passkey.name })}
                  onClick={() => setRemoving({ passkey })}
                >
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : passkeys.data ? (
        <p className="text-slate-700">{t('passkeys.none')}</p>
      ) : null}
      {canUsePasskeys ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field label={t('passkeys.name')}>
              {(props) => <Input {...props} value={newName} maxLength={60} onChange={(event) => setName(event.target.value)} />}
            </Field>
          </div>
          <Button type="button" onClick={() => void addPasskey()} disabled={add.isPending}>
            {add.isPending ? t('passkeys.waiting') : t('passkeys.add')}
          </Button>
        </div>
      ) : passkeys.data ? (
        <Alert tone="info">{t('passkeys.unavailable')}</Alert>
      ) : null}
      <FormDialog
        isOpen={renaming !== undefined}
        onClose={() => setRenaming(undefined)}
        title={t('passkeys.rename_title')}
        closeLabel={t('step_up.cancel')}
        cancelLabel={t('step_up.cancel')}
        submitLabel={t('passkeys.save')}
        isPending={rename.isPending}
        failure={renaming?.failure ?? null}
        onSubmit={() => void saveName()}
      >
        <Field label={t('passkeys.name')}>
          {(props) => (
            <Input
              {...props}
              value={renaming?.name ?? ''}
              maxLength={60}
              autoFocus
              onChange={(event) => renaming && setRenaming({ ...renaming, name: event.target.value, failure: null })}
            />
          )}
        </Field>
      </FormDialog>
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('passkeys.remove_title')}
        description={t('passkeys.remove_explanation', { name: removing?.passkey.name ?? '' })}
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('step_up.cancel')}
        isBusy={remove.isPending}
        isDestructive
        error={removing?.failure ? <Alert tone="error">{removing.failure}</Alert> : null}
        onConfirm={() => void removePasskey()}
        onCancel={() => setRemoving(undefined)}
      />
    </section>
  );
}

import { Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { saveFile } from '../../../lib/download.ts';
import { formatDate, formatDateTime, languageOf } from '../../../lib/format.ts';
import { useNavigate } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { deleteAccount, downloadDataExport, useDataExports, useRequestDataExport, type DataExport } from '../api/privacy.ts';

type Guarded = <T>(action: () => Promise<T>) => Promise<T>;

/**
 * "Download my data": a copy of everything of the account's, asked for here, made in the background
 * and announced by e-mail and the bell, then downloadable for seven days. The e-mail's link lands here
 * (#data).
 */
export function DownloadMyData() {
  const { t, i18n } = useTranslation('security');
  const language = languageOf(i18n.language);
  const exports = useDataExports();
  const request = useRequestDataExport();
  const refusal = useRefusal();
  const translate = useValidationMessage();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const section = useRef<HTMLElement>(null);
  const list = exports.data?.data_exports ?? [];
  const isPending = list.some((each) => each.status === 'pending');

  useEffect(() => {
    if (window.location.hash === '#data') section.current?.scrollIntoView();
  }, []);

  async function ask() {
    setNotice(undefined);
    try {
      const answer = await request.mutateAsync();
      setNotice({ tone: 'success', text: translate(answer.message) ?? answer.message });
    } catch (failure) {
      setNotice({ tone: 'error', text: refusal(failure) });
    }
  }

  async function download(item: DataExport) {
    setNotice(undefined);
    try {
      const { blob, filename } = await downloadDataExport(item.id);
      saveFile(blob, filename);
    } catch (failure) {
      setNotice({ tone: 'error', text: refusal(failure) });
    }
  }

  return (
    <section
      ref={section}
      id="data"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
      aria-labelledby="data-title"
    >
      <div className="flex items-start gap-3">
        <Download aria-hidden className="mt-0.5 size-6 shrink-0 text-primary-strong" />
        <div>
          <h2 id="data-title" className="text-lg font-semibold text-slate-950">
            {t('data.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('data.intro')}</p>
        </div>
      </div>
      {exports.isLoading ? <Spinner label={t('loading')} /> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-slate-200">
          {list.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900">{t('data.asked', { date: formatDateTime(item.created_at, language) })}</p>
                <p className="text-slate-600">
                  {item.status === 'ready' && item.expires_at
                    ? t('data.ready_until', { date: formatDate(item.expires_at, language) })
                    : t(`data.status_${item.status}`)}
                </p>
              </div>
              {item.status === 'ready' ? (
                <Button size="sm" variant="secondary" onClick={() => void download(item)}>
                  {t('data.download')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="button" onClick={() => void ask()} disabled={request.isPending || isPending}>
        {isPending ? t('data.status_pending') : t('data.request')}
      </Button>
    </section>
  );
}

/**
 * "Delete my account": after step-up, and only when no contract is in progress and no money is left
 * on Mihna (the server says which, if so). The account signs out everywhere, this browser too.
 */
export function DeleteAccount({ guarded }: { guarded: Guarded }) {
  const { t } = useTranslation('security');
  const { signOut } = useSession();
  const navigate = useNavigate();
  const refusal = useRefusal();
  const [isAsking, setAsking] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await guarded(deleteAccount);
      // Home first, then signed out: this page needs a session, and would send them to log in.
      await navigate(paths.home, { replace: true });
      signOut();
    } catch (failure) {
      if (failure) setError(refusal(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-4 rounded-xl border border-red-200 bg-white p-5 sm:p-6" aria-labelledby="delete-title">
      <div className="flex items-start gap-3">
        <Trash2 aria-hidden className="mt-0.5 size-6 shrink-0 text-red-700" />
        <div>
          <h2 id="delete-title" className="text-lg font-semibold text-slate-950">
            {t('delete.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('delete.intro')}</p>
        </div>
      </div>
      {error && !isAsking ? <Alert tone="error">{error}</Alert> : null}
      <Button type="button" variant="danger" onClick={() => setAsking(true)}>
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('delete.confirm_title')}
        description={t('delete.confirm_text')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('step_up.cancel')}
        isBusy={isBusy}
        isDestructive
        error={error ? <Alert tone="error">{error}</Alert> : null}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(false);
          setError(undefined);
        }}
      />
    </section>
  );
}

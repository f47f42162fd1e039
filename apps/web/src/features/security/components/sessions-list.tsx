import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, languageOf } from '../../../lib/format.ts';
import { useAccountSessions, useEndOtherSessions, useEndSession, type AccountSession } from '../api/second-factor.ts';

const iconOf = (kind: AccountSession['device_kind']) => (kind === 'mobile' ? Smartphone : kind === 'tablet' ? Tablet : Laptop);

/**
 * Where the account is signed in: each live session's browser and system, address, and when it was
 * opened and last used; any other one ends at once, or all others together.
 */
export function SessionsList() {
  const { t, i18n } = useTranslation('security');
  const language = languageOf(i18n.language);
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.is_current);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setNotice(undefined);
    try {
      await action();
      setNotice({ tone: 'success', text: done });
    } catch {
      setNotice({ tone: 'error', text: t('failed') });
    }
  };

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6" aria-labelledby="sessions-title">
      <div>
        <h2 id="sessions-title" className="text-lg font-semibold text-slate-950">
          {t('sessions.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('sessions.intro')}</p>
      </div>
      {sessions.isLoading ? <Spinner label={t('loading')} /> : null}
      {sessions.isError ? <Alert tone="error">{t('failed')}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <ul className="divide-y divide-slate-200">
        {list.map((session) => {
          const Icon = iconOf(session.device_kind);
          const name = session.browser
            ? session.system
              ? t('sessions.browser_on_system', { browser: session.browser, system: session.system })
              : session.browser
            : t('sessions.unknown_browser');
          return (
            <li key={session.id} className="flex flex-wrap items-start gap-3 py-3">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="font-medium text-slate-900">
                  <bdi>{name}</bdi>
                  {session.is_current ? (
                    <Badge tone="positive" className="ms-2">
                      {t('sessions.this_device')}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {t('sessions.address')} <bdi dir="ltr">{session.ip_address ?? '—'}</bdi>
                </p>
                <p className="text-sm text-slate-600">
                  {t('sessions.signed_in', { date: formatDateTime(session.created_at, language) })} ·{' '}
                  {t('sessions.last_seen', { date: formatDateTime(session.last_seen_at, language) })}
                </p>
              </div>
              {session.is_current ? null : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={endOne.isPending}
                  aria-label={t('sessions.end_one', { name })}
                  onClick={() => void run(() => endOne.mutateAsync(session.id), t('sessions.ended_one'))}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="danger"
          disabled={endOthers.isPending}
          onClick={() => void run(() => endOthers.mutateAsync(), t('sessions.ended_others'))}
        >
          {t('sessions.end_others')}
        </Button>
      ) : sessions.data ? (
        <p className="text-sm text-slate-600">{t('sessions.only_this')}</p>
      ) : null}
    </section>
  );
}

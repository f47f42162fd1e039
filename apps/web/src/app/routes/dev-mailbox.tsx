import clsx from 'clsx';
import { Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useSearchParams } from '../../lib/router/index.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useOutbox } from '../../features/outbox/api/get-outbox.ts';
import { PageHeader } from './page-header.tsx';

/** Reads the development outbox: what the product would have e-mailed or texted. */
export default function DevMailboxPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const outbox = useOutbox(to);
  const time = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE', { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <>
      <title>{t('mailbox.title')}</title>
      <PageHeader title={t('mailbox.title')} subtitle={t('mailbox.subtitle')} />
      <Container className="py-10">
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setSearchParams(draft.trim() ? { to: draft.trim() } : {});
          }}
        >
          <label className="flex-1 space-y-1.5">
            <span className="block text-sm font-medium text-slate-800">{t('mailbox.filter_label')}</span>
            <Input
              value={draft}
              dir="ltr"
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('mailbox.filter_placeholder')}
            />
          </label>
          <Button type="submit">{t('mailbox.refresh')}</Button>
          {to ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraft('');
                setSearchParams({});
              }}
            >
              {t('mailbox.show_all')}
            </Button>
          ) : null}
        </form>

        <div className="mt-8">
          {outbox.isPending ? <Spinner label={t('loading')} className="py-10" /> : null}
          {outbox.isError ? (
            <p className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">{t('mailbox.unavailable')}</p>
          ) : null}
          {outbox.data && outbox.data.messages.length === 0 ? <p className="text-slate-500">{t('mailbox.empty')}</p> : null}
          <ul className="space-y-4">
            {outbox.data?.messages.map((message) => (
              <li key={message.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="outbox-message">
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span
                    className={clsx(
                      'inline-flex items-center gap-1 rounded-full px-2.5 py-1 font-medium',
                      message.channel === 'email' ? 'bg-primary/10 text-primary-strong' : 'bg-secondary/10 text-secondary-strong',
                    )}
                  >
                    {message.channel === 'email' ? (
                      <Mail className="size-4" aria-hidden="true" />
                    ) : (
                      <MessageSquare className="size-4" aria-hidden="true" />
                    )}
                    {t(`mailbox.channel.${message.channel}`)}
                  </span>
                  <span className="text-slate-600">
                    {t('mailbox.to')}:{' '}
                    <span dir="ltr" className="font-medium text-slate-900">
                      {message.to}
                    </span>
                  </span>
                  <time dateTime={message.created_at} className="ms-auto text-slate-500">
                    {time.format(new Date(message.created_at))}
                  </time>
                </div>
                {message.subject ? <h2 className="mt-3 font-semibold text-slate-950">{message.subject}</h2> : null}
                <pre dir="auto" className="mt-2 font-sans text-sm leading-6 whitespace-pre-wrap text-slate-700">
                  {message.text}
                </pre>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </>
  );
}

import { Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { IdentityBadge } from '../../../components/ui/identity-badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, languageOf } from '../../../lib/format.ts';
import { useIdentityLinks } from '../api/identity.ts';
import { IdentityButtons } from './identity-buttons.tsx';
import { identityErrorOf } from './identity-return.tsx';

/**
 * The Security page's national identity: the identities verified (with the names the provider gave),
 * and a button for each provider not yet used. Back from linking, the page's fragment says how it went.
 */
export function IdentitySection() {
  const { t, i18n } = useTranslation('auth');
  const language = languageOf(i18n.language);
  const identity = useIdentityLinks();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const error = identityErrorOf(fragment.get('error'));
    if (fragment.get('identity') === 'linked') setNotice({ tone: 'success', text: t('identity.linked') });
    else if (error) setNotice({ tone: 'error', text: t(`identity.errors.${error}`) });
    else return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [t]);

  const links = identity.data?.links ?? [];
  const providers = identity.data?.providers ?? [];
  if (identity.data && providers.length === 0 && links.length === 0) return null;
  const canLinkMore = providers.some((provider) => !links.some((link) => link.provider === provider.id));

  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6" aria-labelledby="identity-title">
      <div className="flex items-start gap-3">
        <Fingerprint aria-hidden className="mt-0.5 size-6 shrink-0 text-primary-strong" />
        <div>
          <h2 id="identity-title" className="text-lg font-semibold text-slate-950">
            {t('identity.section_title')}
          </h2>
          <p className="text-sm text-slate-600">{t('identity.section_intro')}</p>
        </div>
      </div>
      {identity.isLoading ? <Spinner label={t('identity.working')} /> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {links.length > 0 ? (
        <ul className="divide-y divide-slate-200">
          {links.map((link) => (
            <li key={link.provider} className="space-y-1 py-3">
              <IdentityBadge identity={{ provider: link.provider }} />
              <p className="font-medium text-slate-900">
                <bdi>{(language === 'ar' ? link.full_name_ar : link.full_name_en) ?? link.full_name_en ?? link.full_name_ar}</bdi>
              </p>
              <p className="text-sm text-slate-600">{t('identity.verified_on', { date: formatDate(link.verified_at, language) })}</p>
            </li>
          ))}
        </ul>
      ) : identity.data ? (
        <p className="text-slate-700">{t('identity.none')}</p>
      ) : null}
      {canLinkMore ? <IdentityButtons intent="link" /> : null}
    </section>
  );
}

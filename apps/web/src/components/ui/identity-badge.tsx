import type { IdentityVerified } from '@mihna/shared';
import { Fingerprint } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';

/**
 * "Identity verified", with the provider it was verified with (UAE PASS, Nafath): beside a person's
 * name on profiles, proposals and search cards. Nothing for a person who has not verified.
 */
export function IdentityBadge({ identity, className = '' }: { identity: IdentityVerified | undefined; className?: string }) {
  const { t } = useTranslation('common');
  if (!identity) return null;
  const provider = t(`identity.providers.${identity.provider}`);
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset ${className}`}
      title={t('identity.verified_with', { provider })}
    >
      <Fingerprint aria-hidden className="size-3.5" />
      {t('identity.verified')}
      <span className="font-normal text-emerald-700">· {provider}</span>
    </span>
  );
}

import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';

/** Says why a text from the other party shows ••• where a phone, an address or a handle was (decision 42). */
export function MaskedNote() {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-1.5 text-xs text-amber-800" data-testid="contact-masked">
      <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      {t('contact_masked')}
    </p>
  );
}

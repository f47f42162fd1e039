import type { InterestDetails } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { MaskedNote } from '../../../components/ui/masked-note.tsx';
import { currencySymbol, formatDate, languageOf } from '../../../lib/format.ts';
import { useProposedAmount } from '../../../lib/use-proposed-amount.ts';
import { useDurationLabel } from '../../../lib/durations.ts';

/** What a professional sent with Express Interest: their message, rate, start date and duration. */
export function InterestDetailsList({ interest }: { interest: InterestDetails }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const durationLabel = useDurationLabel();
  const proposedAmount = useProposedAmount();
  const currency = currencySymbol(interest.currency, language);
  const facts = [
    interest.proposed_rate !== null
      ? {
          label: t(interest.job_type === 'hourly' ? 'interest.rate' : 'interest.price', { currency }),
          value: proposedAmount({ ...interest, proposed_rate: interest.proposed_rate }),
        }
      : null,
    interest.availability_start
      ? { label: t('interest.availability_start'), value: formatDate(interest.availability_start, language) }
      : null,
    interest.estimated_duration ? { label: t('interest.duration'), value: durationLabel(interest.estimated_duration) } : null,
    { label: t('interest.sent'), value: formatDate(interest.created_at, language) },
  ].filter((fact) => fact !== null);
  return (
    <div className="space-y-2">
      {interest.message ? (
        <blockquote dir="auto" className="border-s-4 border-slate-200 ps-3 text-sm break-words whitespace-pre-line text-slate-700">
          {interest.message}
        </blockquote>
      ) : null}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {facts.map((fact) => (
          <div key={fact.label} className="flex gap-1">
            <dt className="text-slate-500">{fact.label}:</dt>
            <dd className="font-semibold text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {interest.is_masked ? <MaskedNote /> : null}
    </div>
  );
}

import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatNumber, languageOf } from '../../../lib/format.ts';

export { Badge };

/** Skill chips: the first few, then '+N more'. */
export function SkillChips({ shown, moreLabel }: { shown: string[]; moreLabel: string | null }) {
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((skill) => (
        <li key={skill} dir="auto" className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700">
          {skill}
        </li>
      ))}
      {moreLabel ? <li className="px-1 py-1 text-xs font-medium text-slate-500">{moreLabel}</li> : null}
    </ul>
  );
}

/** A rating with its star and review count: '4.8 (8 reviews)', '4.0 (1 review)'. */
export function RatingLine({ rating, reviews, className }: { rating: number; reviews: number; className?: string }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  return (
    <p className={clsx('flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      {t('proposals.rating', {
        count: reviews,
        rating: formatNumber(rating, language, { fractionDigits: 1 }),
        reviews: formatNumber(reviews, language),
      })}
    </p>
  );
}

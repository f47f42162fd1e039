import clsx from 'clsx';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, languageOf } from '../../../lib/format.ts';

const tones = {
  featured: 'bg-amber-100 text-amber-900 ring-amber-300',
  urgent: 'bg-red-50 text-red-800 ring-red-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  positive: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
} as const;

export function Badge({ tone = 'neutral', children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

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

/** A rating with its star and review count: '4.8 (8 reviews)'. */
export function RatingLine({ rating, reviews, className }: { rating: number; reviews: number; className?: string }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  return (
    <p className={clsx('flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      {t('proposals.rating', {
        rating: formatNumber(rating, language, { fractionDigits: 1 }),
        reviews: formatNumber(reviews, language),
      })}
    </p>
  );
}

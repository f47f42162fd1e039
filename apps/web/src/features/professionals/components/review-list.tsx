import type { ExpertProfile } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { useFormatters } from '../use-formatters.ts';
import { EmptyState } from './profile-parts.tsx';
import { StarRating } from './star-rating.tsx';

type Review = ExpertProfile['reviews'][number];

/** Verified reviews: only parties to a completed, paid project can leave one. */
export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  if (reviews.length === 0) return <EmptyState title={t('reviews.empty_title')} text={t('reviews.empty_text')} />;
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold text-slate-950">{t('reviews.from', { name: `\u2068${review.reviewer_name}\u2069` })}</h3>
              <p dir="auto" className="text-sm text-slate-600">
                {review.job_title}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <StarRating rating={review.overall_rating} />
              <span className="text-sm font-semibold text-slate-900">{format.rating(review.overall_rating)}</span>
            </div>
          </div>
          {review.comment ? (
            <p dir="auto" className="mt-3 text-sm text-slate-700">
              {t('quoted', { text: review.comment })}
            </p>
          ) : null}
          <p className="mt-3 text-xs text-slate-500">
            <time dateTime={review.created_at}>{format.date(review.created_at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { filledStars } from '../display.ts';
import { useFormatters } from '../use-formatters.ts';

/** Five stars, the nearest whole number of them filled, named for screen readers with the one-decimal rating. */
export function StarRating({ rating, size = 'sm', className }: { rating: number; size?: 'sm' | 'md'; className?: string }) {
  const { t } = useTranslation('professionals');
  const format = useFormatters();
  const filled = filledStars(rating);
  return (
    <span role="img" aria-label={t('rating.stars_label', { rating: format.rating(rating) })} className={clsx('inline-flex', className)}>
      {[1, 2, 3, 4, 5].map((position) => (
        <Star
          key={position}
          aria-hidden="true"
          data-filled={position <= filled}
          className={clsx(
            size === 'sm' ? 'size-4' : 'size-5',
            position <= filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200',
          )}
        />
      ))}
    </span>
  );
}

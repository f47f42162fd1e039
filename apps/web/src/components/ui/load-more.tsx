import clsx from 'clsx';
import { Button } from './button.tsx';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The button under a paged list: shown while another page exists, busy while it loads. */
export function LoadMore({
  pages,
  label,
  loadingLabel,
  className,
}: {
  pages: Pages;
  label: string;
  loadingLabel: string;
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={clsx('flex justify-center', className)}>
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? loadingLabel : label}
      </Button>
    </div>
  );
}

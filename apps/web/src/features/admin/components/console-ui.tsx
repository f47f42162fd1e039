import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { serverDetails } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { OptionSelect, type Option } from '../../../components/ui/option-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** A white panel of the console. */
export const panel = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';
/**
 * The search box of a directory: the search runs when Enter is pressed (admin spec §2), or the
 * button beside it, not at every letter.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Input
        id={id}
        type="search"
        dir="auto"
        value={text}
        placeholder={placeholder}
        title={t('common.search_hint')}
        onChange={(event) => setText(event.target.value)}
        className="min-w-0"
      />
      <Button type="submit" variant="secondary" aria-label={t('common.search')}>
        <Search className="size-4" aria-hidden="true" />
      </Button>
    </form>
  );
}

/** What a tab shows while its data loads or when it failed (load failures are logged, §8, and can be retried). */
export function LoadState({ isPending, error, onRetry }: { isPending: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  if (isPending) return <Spinner label={t('common.loading')} className="py-10" />;
  if (!error) return null;
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      {t('common.load_failed')}
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** A row of filter controls above a directory. */
export function Filters({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx('grid gap-3 sm:grid-cols-2 lg:grid-cols-4', className)}>{children}</div>;
}

/**
 * A failed change, in the spec's words (§8: "Failed to update user status. Please try again.") with the
 * server's reason after them when it gave one (a contract in progress, a user already deleted).
 */
export function useFailureText() {
  const translate = useValidationMessage();
  return useCallback(
    (error: unknown, failure: string) => {
      const details = serverDetails(error);
      return details ? `${failure} ${details.map((text) => translate(text) ?? text).join(' ')}` : failure;
    },
    [translate],
  );
}

type Query = Record<string, string | number | undefined>;

/** A directory's filter by one of a few values, "All" when none is chosen; choosing one filters at once. */
export function FilterSelect({
  label,
  name,
  query,
  options,
  onFilter,
}: {
  label: string;
  name: string;
  query: Query;
  options: Option[];
  onFilter: (changes: Query) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Field label={label}>
      {(props) => (
        <OptionSelect
          {...props}
          value={String(query[name] ?? '')}
          onChange={(event) => onFilter({ [name]: event.target.value || undefined })}
          placeholder={t('common.all')}
          options={options}
        />
      )}
    </Field>
  );
}

/** A directory's search, labelled, over two columns of the filters. */
export function SearchField({ placeholder, query, onFilter }: { placeholder: string; query: Query; onFilter: (changes: Query) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <span className="block text-sm font-medium text-slate-800">{t('common.search')}</span>
      <SearchBox
        label={t('common.search')}
        placeholder={placeholder}
        value={String(query.search ?? '')}
        onSearch={(search) => onFilter({ search: search || undefined })}
      />
    </div>
  );
}

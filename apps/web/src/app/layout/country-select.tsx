import { countryList } from '@mihna/shared';
import { useTranslation } from '../../i18n/index.ts';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router/index.tsx';
import { languageOf } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

/** 'All GCC Countries' or one country; choosing one opens the project search for it. */
export function CountrySelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const language = languageOf(i18n.language);
  const current = location.pathname === '/projects' ? (searchParams.get('country') ?? '') : '';

  return (
    <label className={className}>
      <span className="sr-only">{t('header.country_label')}</span>
      <select
        value={current}
        onChange={(event) => void navigate(paths.projects({ country: event.target.value }))}
        className="h-9 w-full rounded-lg border-0 bg-slate-100 ps-3 pe-8 text-sm font-medium text-slate-700 ring-1 ring-inset ring-transparent hover:bg-slate-200 focus:ring-2 focus:ring-primary"
        data-testid="country-select"
      >
        <option value="">{t('header.all_gcc_countries')}</option>
        {countryList.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

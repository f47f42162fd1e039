import clsx from 'clsx';
import { useTranslation } from '../../i18n/index.ts';

/** English ⇄ العربية, for the site's header and the staff console's. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => void i18n.changeLanguage(i18n.language === 'ar' ? 'en' : 'ar')}
      title={t('header.switch_to_label')}
      lang={i18n.language === 'ar' ? 'en' : 'ar'}
      className={clsx(
        'whitespace-nowrap rounded-md px-3 py-2 xl:px-2 text-sm font-medium text-slate-700 hover:bg-slate-100',
        // 'العربية' on an English page in the system's Arabic font: the only Arabic there, not worth a font download.
        i18n.language !== 'ar' && 'font-[system-ui]',
        className,
      )}
    >
      {t('header.switch_to')}
    </button>
  );
}

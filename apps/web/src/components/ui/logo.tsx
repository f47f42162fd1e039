import { useSiteSettings, useSettingText } from '../../lib/site-settings.ts';

export function LogoMark({ className = 'size-9' }: { className?: string }) {
  const { logo_url, logo_alt_text } = useSiteSettings();
  if (logo_url) return <img src={logo_url} alt={logo_alt_text} className={`${className} rounded-lg object-contain`} />;
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--color-primary)" />
      <path d="M16 46V20l16 14 16-14v26" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Brand({ inverse = false }: { inverse?: boolean }) {
  const name = useSettingText('site_name');
  const slogan = useSettingText('site_slogan');
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <LogoMark className="size-9 shrink-0" />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className={`truncate text-lg font-bold ${inverse ? 'text-white' : 'text-slate-900'}`}>{name}</span>
        {slogan ? (
          <span dir="auto" className={`truncate text-xs ${inverse ? 'text-slate-400' : 'text-slate-500'}`}>
            {slogan}
          </span>
        ) : null}
      </span>
    </span>
  );
}

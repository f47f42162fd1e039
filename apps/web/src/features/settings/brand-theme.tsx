import { useEffect } from 'react';
import { useSiteSettings } from '../../lib/site-settings.ts';

/** Applies the brand colours and favicon from the settings, so the console re-brands the site without a rebuild. */
export function BrandTheme() {
  const { primary_color, secondary_color, accent_color, favicon_url } = useSiteSettings();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--color-primary', primary_color);
    root.setProperty('--color-secondary', secondary_color);
    root.setProperty('--color-accent', accent_color);
  }, [primary_color, secondary_color, accent_color]);
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && favicon_url) icon.href = favicon_url;
  }, [favicon_url]);
  return null;
}

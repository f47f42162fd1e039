import { defaultSiteSettings, type SiteSettings } from '@mihna/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/index.ts';
import { apiRequest } from './api-client.ts';
import { apiPaths } from './paths.ts';

export const interfaceSettingsQuery = queryOptions({
  queryKey: ['interface-settings'],
  queryFn: ({ signal }) => apiRequest<SiteSettings>(apiPaths.interfaceSettings, { signal }),
  staleTime: Infinity,
  retry: false,
});

/** Loaded once at start; if the call fails the defaults stand, with no message. */
export function useSiteSettings(): SiteSettings {
  const { data } = useQuery(interfaceSettingsQuery);
  return data ?? defaultSiteSettings;
}

type TextSetting = 'site_name' | 'site_slogan' | 'site_description' | 'hero_title' | 'hero_subtitle' | 'footer_text' | 'address';

/**
 * A text setting in the reader's language: the built-in default is translated, while a value the
 * staff have changed in the console is shown as they wrote it.
 */
export function useSettingText(key: TextSetting): string {
  const settings = useSiteSettings();
  const { t } = useTranslation();
  const value = settings[key];
  return value === defaultSiteSettings[key] ? t(`settings.${key}`) : value;
}

export function useQuickLinkName(link: { name: string; url: string }): string {
  const { t, i18n } = useTranslation();
  const key = `settings.quick_links.${link.url}`;
  const isDefault = defaultSiteSettings.quick_links.some((item) => item.url === link.url && item.name === link.name);
  return isDefault && i18n.exists(key) ? t(key) : link.name;
}

/** Contact details from the settings, with built-in fallbacks for an empty field. */
export function useContactDetails() {
  const settings = useSiteSettings();
  const phone = settings.phone_number || defaultSiteSettings.phone_number;
  return {
    contactEmail: settings.contact_email || defaultSiteSettings.contact_email,
    supportEmail: settings.support_email || defaultSiteSettings.support_email,
    phone,
    phoneHref: `tel:${phone.replace(/[^+\d]/g, '')}`,
  };
}

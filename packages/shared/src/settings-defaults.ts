import type { SiteSettings } from './settings.ts';

/** The specification's defaults; kept apart from the schema so the first page load needs no validator. */
export const defaultSiteSettings: SiteSettings = {
  site_name: 'Mihna',
  site_slogan: 'Professionals. Hourly.',
  site_description:
    'The Gulf marketplace for hourly and fixed-price professional work: verified professionals, escrow-protected payments, in Arabic and English.',
  hero_title: 'Connect. Collaborate. Create.',
  hero_subtitle:
    'Hire verified professionals across the UAE and the Gulf, pay safely through escrow, and track every hour and milestone in one place.',
  footer_text: 'All rights reserved.',
  contact_email: 'hello@mihna.ae',
  support_email: 'support@mihna.ae',
  phone_number: '+971 4 123 4567',
  address: 'Dubai Internet City, Dubai, United Arab Emirates',
  facebook_url: '',
  instagram_url: '',
  twitter_url: '',
  linkedin_url: '',
  youtube_url: '',
  quick_links: [
    { name: 'How It Works', url: '/how-it-works' },
    { name: 'Find Professionals', url: '/professionals' },
    { name: 'For Employers', url: '/employers' },
    { name: 'Support', url: '/support' },
  ],
  terms_url: '/terms',
  privacy_url: '/privacy',
  primary_color: '#3B82F6',
  secondary_color: '#10B981',
  accent_color: '#F59E0B',
  logo_url: '',
  logo_alt_text: 'Mihna',
  favicon_url: '/favicon.svg',
  hero_background_image: '',
};

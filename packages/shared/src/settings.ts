import { z } from 'zod';
import { messages } from './messages.ts';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, messages.invalidFormat);
// Empty means "not set": the footer hides a social link that has no address.
const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, message: messages.invalidFormat })]);
/**
 * A link the site puts in an href or src: one of its own paths or an http(s) address, never a
 * `javascript:` or `data:` one, nor `//host` (another site without a scheme).
 */
// No white space or control characters anywhere: browsers drop tabs and line breaks from a URL, so
// '/\t/host' would become '//host'.
const isSiteLink = (value: string) => /^\/(?![/\\])[^\s\p{Cc}]*$/u.test(value) || /^https?:\/\/[^\s\p{Cc}]+$/iu.test(value);
const linkPath = z.string().min(1).max(500).refine(isSiteLink, messages.invalidFormat);
/** The same, or empty for none (the default logo and hero). */
const optionalLink = z.union([z.literal(''), linkPath]);

export const quickLinkSchema = z.object({ name: z.string().min(1).max(80), url: linkPath });
export type QuickLink = z.infer<typeof quickLinkSchema>;

/** Every site-settings field of the admin console specification (section 3). */
export const siteSettingsSchema = z.object({
  site_name: z.string().min(1).max(80),
  site_slogan: z.string().max(120),
  site_description: z.string().max(500),
  hero_title: z.string().max(160),
  hero_subtitle: z.string().max(400),
  footer_text: z.string().max(300),
  contact_email: z.email(messages.invalidEmail),
  support_email: z.email(messages.invalidEmail),
  phone_number: z.string().max(40),
  address: z.string().max(200),
  facebook_url: optionalUrl,
  instagram_url: optionalUrl,
  twitter_url: optionalUrl,
  linkedin_url: optionalUrl,
  youtube_url: optionalUrl,
  quick_links: z.array(quickLinkSchema).max(12),
  terms_url: linkPath,
  privacy_url: linkPath,
  primary_color: hexColour,
  secondary_color: hexColour,
  accent_color: hexColour,
  logo_url: optionalLink,
  logo_alt_text: z.string().max(120),
  favicon_url: optionalLink,
  hero_background_image: optionalLink,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export { defaultSiteSettings } from './settings-defaults.ts';

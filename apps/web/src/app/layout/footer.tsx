import { Mail, MapPin, Phone } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form.tsx';
import { useContactDetails, useQuickLinkName, useSettingText, useSiteSettings } from '../../lib/site-settings.ts';
import { paths } from '../../lib/paths.ts';
import { Container } from '../../components/ui/container.tsx';
import { Brand } from '../../components/ui/logo.tsx';
import { SocialLinks, socialUrls } from '../../components/ui/social-icons.tsx';

// Footer links open a new page, so the reader starts at its top.
const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'instant' });

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  const isExternal = /^https?:\/\//.test(to);
  const className = 'text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-primary rounded-sm';
  if (isExternal) {
    return (
      <a href={to} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} onClick={scrollToTop} className={className}>
      {children}
    </Link>
  );
}

function QuickLink({ link }: { link: { name: string; url: string } }) {
  return <FooterLink to={link.url}>{useQuickLinkName(link)}</FooterLink>;
}

function FooterBlock({ title, children, className = 'lg:col-span-2' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <h2 className="text-sm font-semibold tracking-wide text-white">{title}</h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

const neverChanges = () => () => undefined;

/**
 * This year; while a page the build drew is hydrated, the build's year, so the drawn footer is the
 * footer the app renders even on New Year's Day (React then renders this year's).
 */
function useYear() {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function Footer() {
  const { t } = useTranslation();
  const year = useYear();
  const settings = useSiteSettings();
  const name = useSettingText('site_name');
  const description = useSettingText('site_description');
  const footerText = useSettingText('footer_text');
  const address = useSettingText('address');
  const { contactEmail: email, phone, phoneHref } = useContactDetails();

  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      {/* One column of minmax(0, 1fr) on a phone: no block's longest word can make the column wider than the screen. */}
      <Container className="grid grid-cols-1 gap-10 py-14 sm:grid-cols-2 lg:grid-cols-12">
        <div className="min-w-0 space-y-4 break-words sm:col-span-2 lg:col-span-3">
          <Brand inverse />
          <p className="max-w-sm text-sm leading-6 text-slate-400">{description}</p>
          <SocialLinks urls={socialUrls(settings)} label={(network) => t(`footer.social.${network}`)} className="flex gap-3 text-white" />
        </div>
        <FooterBlock title={t('footer.quick_links')}>
          <ul className="space-y-3">
            {settings.quick_links.map((link) => (
              <li key={`${link.url}-${link.name}`}>
                <QuickLink link={link} />
              </li>
            ))}
          </ul>
        </FooterBlock>
        <FooterBlock title={t('footer.support')}>
          <ul className="space-y-3">
            <li>
              <FooterLink to={paths.help}>{t('footer.help_centre')}</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.contact}>{t('footer.contact_us')}</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.about}>{t('footer.about')}</FooterLink>
            </li>
            <li>
              <FooterLink to={settings.privacy_url || paths.privacy}>{t('footer.privacy')}</FooterLink>
            </li>
            <li>
              <FooterLink to={settings.terms_url || paths.terms}>{t('footer.terms')}</FooterLink>
            </li>
          </ul>
        </FooterBlock>
        <FooterBlock title={t('footer.contact')}>
          <ul className="space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-slate-500" aria-label={t('footer.email')} />
              <a href={`mailto:${email}`} className="break-all hover:text-white">
                {email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone className="mt-0.5 size-4 shrink-0 text-slate-500" aria-label={t('footer.phone')} />
              <a href={phoneHref} dir="ltr" className="hover:text-white">
                {phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-label={t('footer.address')} />
              <span>{address}</span>
            </li>
          </ul>
        </FooterBlock>
        <FooterBlock title={t('footer.newsletter_title')} className="sm:col-span-2 lg:col-span-3">
          <p className="mb-3 text-sm text-slate-400">{t('footer.newsletter_text')}</p>
          <NewsletterForm />
        </FooterBlock>
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-6 text-sm text-slate-400">{t('footer.rights', { year, name, text: footerText })}</Container>
      </div>
    </footer>
  );
}

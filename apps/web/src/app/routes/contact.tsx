import { Clock, LifeBuoy, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { SocialLinks, socialUrls } from '../../components/ui/social-icons.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { defaultSiteSettings } from '@mihna/shared';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from './page-header.tsx';

export default function ContactPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  // The specification fixes the page's e-mail and phone; the social links come from the settings.
  const { support_email: supportEmail, phone_number: phone } = defaultSiteSettings;
  const phoneHref = `tel:${phone.replace(/[^+\d]/g, '')}`;
  const details = [
    { icon: Mail, label: t('contact.email_label'), value: supportEmail, href: `mailto:${supportEmail}` },
    { icon: MapPin, label: t('contact.office_label'), value: t('contact.office') },
    { icon: Phone, label: t('contact.phone_label'), value: phone, href: phoneHref, isLtr: true },
  ];

  return (
    <>
      <title>{t('contact.title')}</title>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <Container className="grid gap-8 py-12 lg:grid-cols-[1fr_22rem]">
        <ContactForm />
        <aside className="space-y-6 rounded-2xl bg-slate-900 p-6 text-slate-300 sm:p-8">
          <h2 className="text-lg font-semibold text-white">{t('contact.details_title')}</h2>
          <dl className="space-y-4 text-sm">
            {details.map(({ icon: Icon, label, value, href, isLtr }) => (
              <div key={label} className="flex gap-3">
                <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <dt className="text-slate-400">{label}</dt>
                  <dd dir={isLtr ? 'ltr' : undefined} className="text-white">
                    {href ? (
                      <a href={href} className="hover:underline">
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              </div>
            ))}
          </dl>
          <p className="flex gap-3 text-sm text-white">
            <Clock className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {t('contact.reply_promise')}
          </p>
          <SocialLinks urls={socialUrls(settings)} label={(network) => t(`footer.social.${network}`)} className="flex gap-3 text-white" />
          <Link to={paths.help} className="flex items-center gap-2 text-sm font-medium text-white hover:underline">
            <LifeBuoy className="size-4" aria-hidden="true" />
            {t('contact.help_link')}
          </Link>
        </aside>
      </Container>
    </>
  );
}

import { countryList, NEARBY_RADIUS_KM, type IpCountry, type ReverseGeocode } from '@mihna/shared';
import { MapPin, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { languageOf } from '../../lib/format.ts';
import { apiPaths, paths } from '../../lib/paths.ts';
import { Link } from '../../lib/router/index.tsx';
import { storage } from '../../lib/storage.ts';
import { currentPosition, hasGeolocation, isRefused, nearbyQuery } from '../../lib/geolocation.ts';

const DISMISSED_KEY = 'mihna.location_prompt_dismissed';

type Permission = 'prompt' | 'granted' | 'denied';
/** What happened, and where it leads: the projects near the place found, or in the country by address. */
type Notice = { tone: 'success' | 'error'; text: string; link?: { to: string; label: string } } | null;

/** The browser's position, sent to the server (POST /api/location/update), which answers the place it is in. */
async function sharePosition(): Promise<{ coords: GeolocationCoordinates } & ReverseGeocode> {
  const { coords } = await currentPosition();
  const { latitude, longitude, accuracy } = coords;
  // The answer names the place: the position goes in the body only.
  const place = await apiRequest<ReverseGeocode>(apiPaths.locationUpdate, { body: { latitude, longitude, location_accuracy: accuracy } });
  return { coords, ...place };
}

/**
 * §2 Location prompt: a dismissible banner asking to enable location services, by the permission's
 * state: prompt (asks), granted (the position is refreshed quietly), denied (says how to allow it).
 */
export function LocationPrompt() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [permission, setPermission] = useState<Permission | null>(null);
  const [isDismissed, setDismissed] = useState(() => storage.get(DISMISSED_KEY) === '1');
  const [isLocating, setLocating] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    if (!hasGeolocation()) {
      setPermission('prompt');
      return;
    }
    let status: PermissionStatus | undefined;
    const read = () => status && setPermission(status.state);
    // Without the Permissions API (older Safari, some in-app browsers) the state is unknown: ask.
    if (!('permissions' in navigator)) {
      setPermission('prompt');
      return;
    }
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((result) => {
        status = result;
        read();
        result.addEventListener('change', read);
        // Granted before: the stored position is kept fresh; a failure here is only logged.
        if (result.state === 'granted') sharePosition().catch((error: unknown) => console.warn('Could not refresh the location', error));
      })
      .catch(() => setPermission('prompt'));
    return () => status?.removeEventListener('change', read);
  }, []);

  const enable = async () => {
    if (!hasGeolocation()) {
      setNotice({ tone: 'error', text: t('location.unsupported') });
      return;
    }
    setLocating(true);
    try {
      const { address, coords } = await sharePosition();
      // 'Dubai' once when the city is its emirate's namesake; 'Jebel Ali, Dubai' otherwise.
      const names = address ? [...new Set([address.city.name[language], address.region.name[language]])] : [];
      const place = names.join(language === 'ar' ? '، ' : ', ');
      setNotice({
        tone: 'success',
        text: place ? t('location.granted_place', { place }) : t('location.granted'),
        // In the Gulf: the projects around the position, nearest first, reaching at least the nearest city.
        link: address
          ? {
              to: paths.projects(
                nearbyQuery(coords, Math.min(NEARBY_RADIUS_KM.max, Math.max(NEARBY_RADIUS_KM.default, Math.ceil(address.distance_km)))),
              ),
              label: t('location.projects_near'),
            }
          : undefined,
      });
      setPermission('granted');
    } catch (error) {
      console.warn('Could not get the location', error);
      // The fallback: the country by the visitor's address, when the server has a service for it.
      const byAddress = await apiRequest<IpCountry>(apiPaths.ipCountry).catch(() => null);
      const country = countryList.find((entry) => entry.code === byAddress?.country_code);
      // Refused at the browser's question: say how to allow it, not only that it failed.
      const refused = isRefused(error);
      if (refused) setPermission('denied');
      setNotice({
        tone: 'error',
        text: refused ? `${t('location.failed')} ${t('location.denied')}` : t('location.failed'),
        link: country
          ? { to: paths.projects({ country: country.code }), label: t('location.projects_in', { country: country.name[language] }) }
          : undefined,
      });
    } finally {
      setLocating(false);
    }
  };

  const dismiss = () => {
    storage.set(DISMISSED_KEY, '1');
    setDismissed(true);
  };

  if (isDismissed || permission === null || (permission === 'granted' && !notice)) return null;
  const text = notice?.text ?? (permission === 'denied' ? t('location.denied') : t('location.text'));
  return (
    <section
      aria-label={t('location.title')}
      className={`flex items-start gap-3 rounded-2xl p-4 ring-1 ${notice?.tone === 'error' ? 'bg-red-50 ring-red-200' : 'bg-sky-50 ring-sky-200'}`}
    >
      <MapPin className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-semibold text-slate-900">{t('location.title')}</p>
        <p className="text-sm text-slate-700" role={notice ? 'status' : undefined}>
          {text}
        </p>
        {notice?.link ? (
          <Link to={notice.link.to} className="block text-sm font-semibold text-primary-strong hover:underline">
            {notice.link.label}
          </Link>
        ) : null}
        {permission === 'prompt' && notice?.tone !== 'success' ? (
          <Button size="sm" onClick={() => void enable()} disabled={isLocating}>
            {isLocating ? t('location.enabling') : t('location.enable')}
          </Button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={dismiss}
        className="rounded-md p-1 text-slate-600 hover:bg-white/60"
        aria-label={t('location.dismiss')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}

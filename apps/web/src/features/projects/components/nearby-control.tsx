import { LocateFixed, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Select } from '../../../components/ui/field.tsx';
import { formatNumber, languageOf } from '../../../lib/format.ts';
import { currentPosition, hasGeolocation, isRefused, nearbyQuery } from '../../../lib/geolocation.ts';
import { NEARBY_RADIUS_KM } from '@mihna/shared';
import { hasPoint, nearbyRadii, radiusKmOf, type FilterField, type ProjectFilters } from '../lib/search-filters.ts';

interface NearbyControlProps {
  filters: ProjectFilters;
  error: string | undefined;
  onChange: (field: FilterField, value: string) => void;
  onPlace: (point: Partial<ProjectFilters>) => void;
}

/**
 * Projects near the reader: a button that asks the browser for its position (§9's options) and
 * searches around it, nearest first; then how far to look, and a way back to searching anywhere.
 */
export function NearbyControl({ filters, error, onChange, onPlace }: NearbyControlProps) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const [isLocating, setLocating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A position that arrives after the reader left the page is dropped: it must not rewrite another page's URL.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  // The control the reader used is replaced by the other: focus goes on to it rather than back to the page.
  const isNear = hasPoint(filters);
  const nearMe = useRef<HTMLButtonElement>(null);
  const distance = useRef<HTMLSelectElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (isNear ? distance : nearMe).current?.focus();
  }, [isNear]);

  const locate = async () => {
    setFailure(null);
    if (!hasGeolocation()) {
      setFailure(t('location.unsupported', { ns: 'common' }));
      return;
    }
    setLocating(true);
    try {
      const { coords } = await currentPosition();
      if (isMounted.current) {
        moveFocus.current = true;
        onPlace(nearbyQuery(coords));
      }
    } catch (reason) {
      if (isMounted.current) setFailure(isRefused(reason) ? t('nearby.refused') : t('location.failed', { ns: 'common' }));
    } finally {
      if (isMounted.current) setLocating(false);
    }
  };

  if (!isNear) {
    return (
      <div className="flex h-full flex-col justify-end gap-1.5">
        <Button ref={nearMe} type="button" variant="secondary" onClick={() => void locate()} disabled={isLocating}>
          <LocateFixed className="size-4" aria-hidden="true" />
          {isLocating ? t('nearby.locating') : t('nearby.near_me')}
        </Button>
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </div>
    );
  }
  // A radius from the URL that the list does not offer is shown among them, in its place (Arabic digits read too).
  const radius = filters.radius_km || String(NEARBY_RADIUS_KM.default);
  const offered = nearbyRadii.map((km) => ({ value: String(km), km }));
  const typed = radiusKmOf(filters);
  const radii = offered.some((option) => option.value === radius)
    ? offered
    : [...offered.filter((option) => option.km !== typed), { value: radius, km: typed }].sort((a, b) => a.km - b.km);
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field label={t('nearby.distance')} error={error}>
          {(props) => (
            <Select {...props} ref={distance} value={radius} onChange={(event) => onChange('radius_km', event.target.value)}>
              {radii.map((option) => (
                <option key={option.value} value={option.value}>
                  {t('nearby.within', { km: formatNumber(option.km, language, { fractionDigits: { upTo: 1 } }) })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {/* Its word shows where there is room; in the four-column grid the cross alone, with a label and a title. */}
      <Button
        type="button"
        variant="secondary"
        className="px-3"
        onClick={() => {
          moveFocus.current = true;
          onChange('near_lat', '');
        }}
        aria-label={t('nearby.anywhere_label')}
        title={t('nearby.anywhere')}
      >
        <X className="size-4" aria-hidden="true" />
        <span className="lg:sr-only" aria-hidden="true">
          {t('nearby.anywhere')}
        </span>
      </Button>
    </div>
  );
}

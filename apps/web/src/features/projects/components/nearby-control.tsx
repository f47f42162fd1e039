import { LocateFixed, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Select } from '../../../components/ui/field.tsx';
import { formatNumber, languageOf } from '../../../lib/format.ts';
import { currentPosition, hasGeolocation, isRefused } from '../../location/current-position.ts';
import { hasPoint, nearbyQuery, nearbyRadii, type FilterField, type ProjectFilters } from '../lib/search-filters.ts';

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

  const locate = async () => {
    setFailure(null);
    if (!hasGeolocation()) {
      setFailure(t('nearby.unsupported'));
      return;
    }
    setLocating(true);
    try {
      onPlace(nearbyQuery((await currentPosition()).coords));
    } catch (reason) {
      setFailure(isRefused(reason) ? t('nearby.refused') : t('nearby.failed'));
    } finally {
      setLocating(false);
    }
  };

  if (!hasPoint(filters)) {
    return (
      <div className="flex flex-col justify-end gap-1.5">
        <Button type="button" variant="secondary" onClick={() => void locate()} disabled={isLocating}>
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
  // A radius typed into the URL that the list does not offer is shown as it is.
  const radius = filters.radius_km || '25';
  const radii = nearbyRadii.map(String).includes(radius) ? nearbyRadii.map(String) : [radius, ...nearbyRadii.map(String)];
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field label={t('nearby.distance')} error={error}>
          {(props) => (
            <Select {...props} value={radius} onChange={(event) => onChange('radius_km', event.target.value)}>
              {radii.map((km) => (
                <option key={km} value={km}>
                  {t('nearby.within', { km: formatNumber(Number(km) || 0, language) })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {/* A narrow cell beside the radius: the button shows its cross, and says what it does to every reader. */}
      <Button
        type="button"
        variant="secondary"
        className="px-3"
        onClick={() => onChange('near_lat', '')}
        aria-label={t('nearby.anywhere_label')}
        title={t('nearby.anywhere')}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

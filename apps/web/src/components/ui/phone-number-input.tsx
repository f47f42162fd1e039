import { phoneCountryCodes } from '@mihna/shared';
import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { Input, Select } from './field.tsx';

/** Country code and national number, always left to right as numbers are dialled. */
export function PhoneNumberInput({
  countryCodeLabel,
  countryCodeProps,
  phoneProps,
}: {
  countryCodeLabel: string;
  countryCodeProps: SelectHTMLAttributes<HTMLSelectElement>;
  phoneProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="flex gap-2" dir="ltr">
      <div className="w-32 shrink-0">
        <Select aria-label={countryCodeLabel} {...countryCodeProps}>
          {phoneCountryCodes.map((entry) => (
            <option key={`${entry.code}-${entry.iso}`} value={entry.code}>
              {entry.code} {entry.iso}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 flex-1">
        <Input type="tel" inputMode="numeric" autoComplete="tel-national" placeholder="501234567" {...phoneProps} />
      </div>
    </div>
  );
}

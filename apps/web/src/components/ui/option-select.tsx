import type { SelectHTMLAttributes } from 'react';
import { Select } from './field.tsx';

export interface Option {
  value: string;
  label: string;
}

/** A select with an empty first choice, for optional fields. */
export function OptionSelect({
  options,
  placeholder,
  ...props
}: { options: Option[]; placeholder: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

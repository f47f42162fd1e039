import type { SelectHTMLAttributes } from 'react';
import { Select } from './field.tsx';

export interface Option {
  value: string;
  label: string;
}

/**
 * A select with an empty first choice, for optional fields. Each choice keeps its own direction, so an
 * English name in an Arabic page shows its start, not its end, when it is too long for the field.
 */
export function OptionSelect({
  options,
  placeholder,
  ...props
}: { options: Option[]; placeholder: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Select {...props}>
      <option value="" dir="auto">
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value} dir="auto">
          {option.label}
        </option>
      ))}
    </Select>
  );
}

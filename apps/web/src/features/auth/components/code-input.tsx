import { toWesternDigits } from '@mihna/shared';
import type { InputHTMLAttributes } from 'react';
import { Input } from '../../../components/ui/field.tsx';

/** A 6-digit code: digits only (Arabic-Indic digits are read as Western), at most 6. */
export function CodeInput({
  value,
  onValueChange,
  ...props
}: { value: string; onValueChange: (code: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(toWesternDigits(event.target.value).replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={6}
      className="text-center text-lg tracking-[0.5em]"
    />
  );
}

import { extractCode } from '@mihna/shared';
import type { InputHTMLAttributes } from 'react';
import { Input } from './field.tsx';

/**
 * A 6-digit code: digits only (Arabic-Indic digits are read as Western), at most 6. A pasted message
 * ('Code: 396384', '396 384') yields its six digits.
 */
export function CodeInput({
  value,
  onValueChange,
  ...props
}: { value: string; onValueChange: (code: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(extractCode(event.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      className="text-center text-lg tracking-[0.5em]"
    />
  );
}

/** A second factor's code: the authenticator app's six digits, or a recovery code (XXXXX-XXXXX), as typed. */
export function SecondFactorCodeInput({
  value,
  onValueChange,
  className = '',
  ...props
}: { value: string; onValueChange: (code: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      autoComplete="one-time-code"
      dir="ltr"
      className={`text-center text-lg tracking-[0.3em] ${className}`}
    />
  );
}

import type { InputHTMLAttributes } from 'react';
import { Input } from './field.tsx';

/**
 * A number field that takes what people type: Arabic-Indic and Eastern Arabic-Indic digits, the
 * Arabic decimal separator and grouped thousands, all read by the shared schemas (readNumber). A
 * type="number" input would drop such text silently, so this is a text field with a numeric keyboard.
 */
export function NumberInput({
  isDecimal = true,
  ...props
}: { isDecimal?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'max' | 'step'>) {
  return <Input {...props} type="text" inputMode={isDecimal ? 'decimal' : 'numeric'} autoComplete="off" spellCheck={false} />;
}

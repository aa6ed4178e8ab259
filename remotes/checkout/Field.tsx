// One labelled text field with its error (role alert, aria-invalid, described by the message).
import type { InputHTMLAttributes } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  error?: string;
  onValue: (v: string) => void;
  multiline?: boolean;
}

export function Field({ name, label, value, error, onValue, multiline, className, ...rest }: FieldProps) {
  const id = `co-field-${name}`;
  const errId = `co-err-${name}`;
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errId : undefined,
  };
  return (
    <div className={`co-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={2} maxLength={rest.maxLength} onChange={(e) => onValue(e.target.value)} />
      ) : (
        <input {...rest} {...common} onChange={(e) => onValue(e.target.value)} />
      )}
      {error && (
        <p className="co-error" id={errId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

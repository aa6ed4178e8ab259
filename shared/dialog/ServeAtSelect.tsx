// The order-time select: first option 'So schnell wie möglich'
// when ASAP is allowed, else 'bitte wählen'; then the valid serve times; hint 'Du kannst dies
// später ändern.'. Plain props: the address dialog, the cart and the checkout connect it to $serveAt.
import { useId } from 'react';
import { useComponentCss } from './adopt';

export interface ServeAtSelectProps {
  asap: boolean;
  times: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  label?: string;
  hint?: string | null;
  /** a message after the choice was replaced (role status) */
  notice?: string | null;
}

const ASAP = 'So schnell wie möglich';
const CHOOSE = 'bitte wählen';

export const serveAtSelectCss = `
.tl-serveat{display:flex;flex-direction:column;gap:.25rem;margin:.5rem 0}
.tl-serveat label{font-weight:600}
.tl-serveat select{min-height:44px;padding:.5em .75em;border:1px solid #999;border-radius:var(--tl-radius,8px);font:inherit;background:#fff;max-width:100%}
.tl-serveat__hint{margin:0;font-size:.875rem;color:var(--tl-muted,#555)}
.tl-serveat__notice{margin:0;font-weight:600;color:#7a4b00}
`;

export function ServeAtSelect({ asap, times, value, onChange, label = 'Bestellzeit', hint = 'Du kannst dies später ändern.', notice }: ServeAtSelectProps) {
  const id = useId();
  const ref = useComponentCss<HTMLDivElement>('tl-serveat', serveAtSelectCss);
  const current = value === 'asap' ? (asap ? 'asap' : '') : value && times.includes(value) ? value : '';
  return (
    <div ref={ref} className="tl-serveat" data-serve-at={current || 'none'}>
      <label htmlFor={`${id}-select`}>{label}</label>
      <select
        id={`${id}-select`}
        name="serveAt"
        value={current}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        {asap ? <option value="asap">{ASAP}</option> : <option value="">{CHOOSE}</option>}
        {times.map((t) => (
          <option key={t} value={t}>
            {t} Uhr
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="tl-serveat__hint">
          {hint}
        </p>
      )}
      {notice && (
        <p className="tl-serveat__notice" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}

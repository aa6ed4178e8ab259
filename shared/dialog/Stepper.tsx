import { UI_TEXT } from '@shared/ui';
import { useComponentCss } from './adopt';

export const stepperCss = `
.tl-stepper{display:inline-flex;align-items:center;gap:.25rem}
.tl-stepper__button{min-width:44px;min-height:44px;border:2px solid var(--tl-primary,#b1361e);border-radius:50%;background:transparent;color:var(--tl-primary,#b1361e);font:inherit;font-size:1.25rem;line-height:1;cursor:pointer}
.tl-stepper__button:disabled{opacity:.4;cursor:not-allowed}
.tl-stepper__value{min-width:2.5em;text-align:center;font-weight:600;font-variant-numeric:tabular-nums}
`;

export interface StepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** accessible name of the group, e.g. the dish name */
  label?: string;
  decrementLabel?: string;
  incrementLabel?: string;
  disabled?: boolean;
}

/** − / x{n} / + quantity control. The caller's min (default 1) and max are enforced. */
export function Stepper({
  value,
  onChange,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  step = 1,
  label = UI_TEXT.quantity,
  decrementLabel = UI_TEXT.decrease,
  incrementLabel = UI_TEXT.increase,
  disabled = false,
}: StepperProps) {
  const ref = useComponentCss<HTMLDivElement>('tl-stepper', stepperCss);
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  const canDec = !disabled && value - step >= min;
  const canInc = !disabled && value + step <= max;
  return (
    <div ref={ref} className="tl-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="tl-stepper__button"
        aria-label={decrementLabel}
        disabled={!canDec}
        onClick={() => canDec && onChange(clamp(value - step))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="tl-stepper__value" aria-live="polite">
        x{value}
      </output>
      <button
        type="button"
        className="tl-stepper__button"
        aria-label={incrementLabel}
        disabled={!canInc}
        onClick={() => canInc && onChange(clamp(value + step))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

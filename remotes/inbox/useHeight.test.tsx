/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The alarm's height for the sticky bars below it: measured when it shows, again when it resizes, 0 when it goes.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from '@jest/globals';
import { useHeight } from './useHeight';

afterEach(cleanup);

let height = 0;
const observers: (() => void)[] = [];
class FakeResizeObserver {
  constructor(private readonly cb: () => void) {}
  observe() {
    observers.push(this.cb);
  }
  disconnect() {
    observers.splice(observers.indexOf(this.cb), 1);
  }
}

function Alarm({ ringing }: { ringing: boolean }) {
  const [ref, h] = useHeight<HTMLParagraphElement>();
  return (
    <div data-testid="h" data-height={h}>
      {ringing && (
        <p ref={(el) => {
          if (el) el.getBoundingClientRect = () => ({ height }) as DOMRect;
          ref(el);
        }}>Neue Bestellung!</p>
      )}
    </div>
  );
}

it('48 px when the alarm shows, 72.5 → 73 px when it wraps, 0 when it goes', () => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
  try {
    height = 48;
    const { rerender } = render(<Alarm ringing={false} />);
    expect(screen.getByTestId('h').dataset.height).toBe('0');
    rerender(<Alarm ringing />);
    expect(screen.getByTestId('h').dataset.height).toBe('48');
    height = 72.5;
    act(() => observers.forEach((f) => f()));
    expect(screen.getByTestId('h').dataset.height).toBe('73');
    rerender(<Alarm ringing={false} />);
    expect(screen.getByTestId('h').dataset.height).toBe('0');
    expect(observers).toHaveLength(0);
  } finally {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  }
});

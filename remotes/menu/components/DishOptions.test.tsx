/** @jest-environment ./tests/jest/jsdom-env.cjs */
// A group where exactly one item must be picked (min = limit = 1) is a radio group; others stay checkboxes.
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { catalogWith, ctxAt, custom } from '@shared/pricing/fixtures';
import { initialSelection } from '../selection';
import { DishOptions } from './DishOptions';

afterEach(cleanup);

function Harness() {
  const catalog = catalogWith({});
  const [s, setS] = useState(initialSelection(custom));
  return <DishOptions catalog={catalog} dish={custom} ctx={ctxAt()} selection={s} onChange={setS} priced={null} invalid={[]} showInvalid={false} idPrefix="t" />;
}

describe('DishOptions', () => {
  it("'Soße' (min 1, max 1) is a radio group: picking one unpicks the other, one stays picked", () => {
    render(<Harness />);
    const sauce = screen.getByRole('group', { name: /Soße/ });
    expect(within(sauce).queryAllByRole('checkbox')).toHaveLength(0);
    const tomato = within(sauce).getByRole('radio', { name: 'Tomatensoße' });
    const cream = within(sauce).getByRole('radio', { name: 'Sahnesoße' });
    fireEvent.click(tomato);
    expect((tomato as HTMLInputElement).checked).toBe(true);
    fireEvent.click(cream);
    expect((cream as HTMLInputElement).checked).toBe(true);
    expect((tomato as HTMLInputElement).checked).toBe(false);
    // the radios share one name, so the browser's arrow keys move within the group
    expect((tomato as HTMLInputElement).name).toBe((cream as HTMLInputElement).name);
  });

  it("'Toppings' (min 1, max 3) stays a choice of several", () => {
    render(<Harness />);
    const toppings = screen.getByRole('group', { name: /Toppings/ });
    expect(within(toppings).queryAllByRole('radio')).toHaveLength(0);
  });
});

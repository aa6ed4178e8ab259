/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The table history's body and refund form, shared by the guest's table widget and the staff app:
// every expected text and amount below is written out by hand.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { TableItem } from '@shared/table';
import { RefundForm, TableHistoryBody } from './index';

afterEach(cleanup);

const tiramisu: TableItem = { id: 'o1.0', amount: 2, dishName: 'Tiramisu', price: 798, refunded: 100, dishId: 'd1', sizeId: null };
const pizza: TableItem = { id: 'o1.1', amount: 1, dishName: 'Pizza Margherita', price: 850, refunded: 0, dishId: 'd2', sizeId: 's1' };

function Harness({ items, total }: { items: TableItem[]; total?: number }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <TableHistoryBody
      items={items} total={total} openItem={open} onToggle={setOpen}
      refundForm={(item) => <p data-testid="form">Formular für {item.dishName}</p>}
    />
  );
}

describe('TableHistoryBody', () => {
  it('lists each item as amount, dish and price in euro, with what was refunded; the sum when given', () => {
    render(<Harness items={[tiramisu, pizza]} total={1548} />);
    expect(screen.getByText('Tischsumme', { exact: false }).textContent).toBe('Tischsumme: 15,48\u00a0€');
    expect(screen.getByText('Wähle einen Artikel um ihn vollständig oder teilweise zu erstatten.')).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('button').textContent).toBe('2×Tiramisu7,98\u00a0€');
    expect(rows[0].querySelector('.table-item__refunded')?.textContent).toBe('erstattet: 1,00\u00a0€');
    expect(within(rows[1]).getByRole('button').textContent).toBe('1×Pizza Margherita8,50\u00a0€');
    expect(within(rows[1]).queryByText(/erstattet/)).toBeNull();
  });

  it('shows no sum when none is given (the guest widget shows it outside the dialog)', () => {
    render(<Harness items={[pizza]} />);
    expect(screen.queryByText(/Tischsumme/)).toBeNull();
  });

  it('says that nothing is booked when the table has no items', () => {
    render(<Harness items={[]} total={0} />);
    expect(screen.getByText('Für diesen Tisch ist nichts gebucht.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText(/Tischsumme/)).toBeNull();
  });

  it('an item is a button that opens its refund form (aria-expanded) and closes it again', () => {
    render(<Harness items={[tiramisu, pizza]} />);
    const head = screen.getByRole('button', { name: /Tiramisu/ });
    expect(head.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(head);
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('form').textContent).toBe('Formular für Tiramisu');
    fireEvent.click(head);
    expect(head.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('form')).toBeNull();
  });
});

describe('RefundForm', () => {
  it("the guest's field: a number field from 0.01 to what is left (7,98 € − 1,00 €), prefilled with it", () => {
    const onRefund = jest.fn<(refund: { cents: number; euro: number }) => void>();
    render(<RefundForm item={tiramisu} field="number" submitLabel="Storno in den Warenkorb legen" onRefund={onRefund} />);
    const input = screen.getByLabelText('Zu erstattender Betrag in EUR') as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.min).toBe('0.01');
    expect(input.max).toBe('6.98');
    expect(input.step).toBe('0.01');
    expect(input.value).toBe('6.98');
    fireEvent.click(screen.getByRole('button', { name: 'Storno in den Warenkorb legen' }));
    expect(onRefund).toHaveBeenCalledWith({ cents: 698, euro: 6.98 });
  });

  it("the staff's field: typed euro with a comma, prefilled '6,98'; '2,50' hands on 250 cents", () => {
    const onRefund = jest.fn<(refund: { cents: number; euro: number }) => void>();
    render(<RefundForm item={tiramisu} field="text" submitLabel="Erstattung buchen" onRefund={onRefund} />);
    const input = screen.getByLabelText('Zu erstattender Betrag in EUR') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('6,98');
    fireEvent.change(input, { target: { value: '2,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstattung buchen' }));
    expect(onRefund).toHaveBeenCalledWith({ cents: 250, euro: 2.5 });
  });

  it("0 and more than is left give the spec's texts at the field and hand nothing on", () => {
    const onRefund = jest.fn<(refund: { cents: number; euro: number }) => void>();
    render(<RefundForm item={tiramisu} field="text" submitLabel="Erstattung buchen" onRefund={onRefund} />);
    const input = screen.getByLabelText('Zu erstattender Betrag in EUR');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erstattung buchen' }));
    expect(screen.getByRole('alert').textContent).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    fireEvent.change(input, { target: { value: '6,99' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Erstattung buchen' }));
    expect(screen.getByRole('alert').textContent).toBe('Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.');
    expect(onRefund).not.toHaveBeenCalled();
  });

  it('a refused booking shows its message at the field', async () => {
    const onRefund = jest.fn((_refund: { cents: number; euro: number }): Promise<void> => Promise.reject(new Error('Die Erstattung ist zu hoch.')));
    render(<RefundForm item={pizza} field="text" submitLabel="Erstattung buchen" onRefund={onRefund} />);
    fireEvent.click(screen.getByRole('button', { name: 'Erstattung buchen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Die Erstattung ist zu hoch.'));
    expect(onRefund).toHaveBeenCalledWith({ cents: 850, euro: 8.5 });
  });
});

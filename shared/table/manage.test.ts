import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addTable, nextTableNumber, removeTable, renameTable, tableList, tableName, waiterPasswordProblem } from './manage';

describe('the shop’s tables', () => {
  const s = { tables: [3, 1, 7], tableNames: { '7': 'Terrasse' } };

  it('lists tables by number, named “Tisch n” unless the owner named them', () => {
    expect(tableList(s)).toEqual([
      { number: 1, name: 'Tisch 1' },
      { number: 3, name: 'Tisch 3' },
      { number: 7, name: 'Terrasse' },
    ]);
    expect(tableList(undefined)).toEqual([]);
    expect(tableName(s, 9)).toBe('Tisch 9');
  });

  it('adds the next number when none is given, or the given one; names are trimmed, the default name is not stored', () => {
    expect(nextTableNumber(s)).toBe(8);
    expect(nextTableNumber({})).toBe(1);
    expect(addTable(s, null, '  Fenster   links ')).toEqual({
      ok: true, table: { number: 8, name: 'Fenster links' }, settings: { tables: [1, 3, 7, 8], tableNames: { '7': 'Terrasse', '8': 'Fenster links' } },
    });
    expect(addTable(s, '12', 'Tisch 12')).toEqual({ ok: true, table: { number: 12, name: 'Tisch 12' }, settings: { tables: [1, 3, 7, 12], tableNames: { '7': 'Terrasse' } } });
    expect(addTable(s, 5, '')).toMatchObject({ ok: true, table: { number: 5, name: 'Tisch 5' } });
  });

  it('refuses a taken number, a number below 1, a long name and control characters, in German', () => {
    expect(addTable(s, 3, '')).toEqual({ ok: false, status: 409, code: 'table_exists', text: 'Einen Tisch 3 gibt es schon.' });
    for (const bad of [0, -2, '1,5', 'abc', 1.5, 1234567]) {
      expect(addTable(s, bad, '')).toEqual({ ok: false, status: 400, code: 'invalid_table', text: 'Bitte gib eine Tischnummer von 1 bis 999999 ein.' });
    }
    expect(addTable(s, null, 'x'.repeat(41))).toMatchObject({ ok: false, status: 400, text: 'Der Name darf höchstens 40 Zeichen haben.' });
    expect(addTable(s, null, 'x'.repeat(40))).toMatchObject({ ok: true });
    expect(addTable(s, null, 'a\u0000b')).toMatchObject({ ok: false, text: 'Der Name darf keine Steuerzeichen enthalten.' });
    const full = { tables: Array.from({ length: 500 }, (_, i) => i + 1) };
    expect(addTable(full, null, '')).toMatchObject({ ok: false, status: 409, text: 'Mehr als 500 Tische sind nicht möglich.' });
  });

  it('renames (an empty name is “Tisch n” again) and refuses unknown tables', () => {
    expect(renameTable(s, 7, '')).toEqual({ ok: true, table: { number: 7, name: 'Tisch 7' }, settings: { tables: [3, 1, 7], tableNames: {} } });
    expect(renameTable(s, 1, 'Bar')).toMatchObject({ ok: true, settings: { tableNames: { '1': 'Bar', '7': 'Terrasse' } } });
    expect(renameTable(s, 2, 'Bar')).toEqual({ ok: false, status: 404, code: 'unknown_table', text: 'Einen Tisch 2 gibt es nicht.' });
  });

  it('removes a table only without an open bill, with the table’s name in the message', () => {
    expect(removeTable(s, 7, true)).toEqual({
      ok: false, status: 409, code: 'table_has_open_bill',
      text: 'Terrasse hat noch eine offene Rechnung. Bitte erst abrechnen und die Tischbestell-Historie löschen, dann den Tisch entfernen.',
    });
    expect(removeTable(s, 7, false)).toEqual({ ok: true, table: { number: 7, name: 'Terrasse' }, settings: { tables: [3, 1], tableNames: {} } });
    expect(removeTable(s, 4, false)).toMatchObject({ ok: false, status: 404 });
  });

  it('adding never loses or doubles a table (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 999999 }), { maxLength: 30 }), fc.integer({ min: 1, max: 999999 }), (tables, n) => {
        const r = addTable({ tables }, n, '');
        if (tables.includes(n)) return !r.ok;
        return r.ok && r.settings.tables.length === tables.length + 1 && new Set(r.settings.tables).size === r.settings.tables.length && tables.every((t) => r.settings.tables.includes(t));
      }),
    );
  });
});

describe('the waiter password', () => {
  it('needs at least 10 characters (counted as characters, not bytes) and at most 200', () => {
    expect(waiterPasswordProblem('123456789')).toBe('Das Kellner-Passwort muss mindestens 10 Zeichen lang sein.');
    expect(waiterPasswordProblem('äöüäöüäöü')).toBe('Das Kellner-Passwort muss mindestens 10 Zeichen lang sein.');
    expect(waiterPasswordProblem('1234567890')).toBeNull();
    expect(waiterPasswordProblem('x'.repeat(201))).toBe('Das Kellner-Passwort darf höchstens 200 Zeichen lang sein.');
  });
});

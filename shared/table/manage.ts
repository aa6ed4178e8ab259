// The shop's tables as the owner manages them (staff app 'Tische'): a table is its number (the
// number in the QR code's URL and on every order, so it never changes) and a name the owner may
// change. Stored in the shop settings as `tables` (numbers) and `tableNames` (only names that
// differ from 'Tisch {n}'). Pure rules, used by the staff app and the server.
import { parseTableNumber } from '@shared/rules';
import { TABLE_TEXTS } from './texts';

/** at most this many tables per shop (the data format's limit) */
export const MAX_TABLES = 500;
export const TABLE_NAME_MAX = 40;
/** new waiter passwords have at least this many characters (and at most the login's 200) */
export const WAITER_PASSWORD_MIN_LENGTH = 10;
export const WAITER_PASSWORD_MAX_LENGTH = 200;

export interface ShopTable {
  number: number;
  name: string;
}

/** What the stored settings say about tables. */
export interface TableSettings {
  tables?: readonly number[];
  tableNames?: Readonly<Record<string, string>>;
}

export const TABLES_TEXTS = {
  section: 'Tische',
  number: 'Tischnummer',
  name: 'Name',
  nameHint: 'Leer lassen für „Tisch“ mit Nummer. Die Nummer steht im QR-Code und bleibt.',
  add: 'Tisch hinzufügen',
  rename: 'Umbenennen',
  save: 'Speichern',
  remove: 'Entfernen',
  removeConfirm: (name: string) => `${name} wirklich entfernen? Sein QR-Code gilt dann nicht mehr.`,
  history: 'Verlauf',
  qr: (name: string) => `QR-Code für ${name}`,
  qrSheet: 'QR-Codes drucken',
  none: 'Noch keine Tische. Lege den ersten Tisch an.',
  added: (name: string) => `${name} ist angelegt.`,
  renamed: (name: string) => `Gespeichert: ${name}.`,
  removed: (name: string) => `${name} ist entfernt.`,
  refundBook: 'Storno buchen',
  refundBooked: 'Die Erstattung ist gebucht.',
  cleared: 'Die Tischbestell-Historie ist gelöscht.',
  // the waiter password (the shared device's way in)
  waiterTitle: 'Kellner-Passwort',
  waiterIntro:
    'Mit dem Kellner-Passwort meldet sich ein gemeinsames Gerät im Shop als Kellner an. Mit Deiner Anmeldung hier brauchst Du es nicht.',
  waiterIsSet: 'Ein Kellner-Passwort ist gesetzt.',
  waiterNotSet: 'Es ist kein Kellner-Passwort gesetzt: Die Kellner-Anmeldung im Shop ist aus.',
  waiterNew: 'Neues Kellner-Passwort',
  waiterSave: 'Kellner-Passwort speichern',
  waiterRemove: 'Kellner-Passwort entfernen',
  waiterSaved: 'Das Kellner-Passwort ist gespeichert. Alle Kellner-Anmeldungen sind beendet.',
  waiterRemoved: 'Das Kellner-Passwort ist entfernt. Alle Kellner-Anmeldungen sind beendet.',
  // problems
  numberInvalid: 'Bitte gib eine Tischnummer von 1 bis 999999 ein.',
  numberTaken: (n: number) => `Einen Tisch ${n} gibt es schon.`,
  nameTooLong: `Der Name darf höchstens ${TABLE_NAME_MAX} Zeichen haben.`,
  nameInvalid: 'Der Name darf keine Steuerzeichen enthalten.',
  tooMany: `Mehr als ${MAX_TABLES} Tische sind nicht möglich.`,
  unknown: (n: number) => `Einen Tisch ${n} gibt es nicht.`,
  openBill: (name: string) =>
    `${name} hat noch eine offene Rechnung. Bitte erst abrechnen und die Tischbestell-Historie löschen, dann den Tisch entfernen.`,
  waiterTooShort: `Das Kellner-Passwort muss mindestens ${WAITER_PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  waiterTooLong: `Das Kellner-Passwort darf höchstens ${WAITER_PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
} as const;

const defaultName = (n: number) => TABLE_TEXTS.tableHeading(n);

/** The tables, by number, each with its name ('Tisch {n}' unless the owner named it). */
export function tableList(s: TableSettings | null | undefined): ShopTable[] {
  const names = s?.tableNames ?? {};
  return [...new Set(s?.tables ?? [])]
    .sort((a, b) => a - b)
    .map((number) => ({ number, name: Object.prototype.hasOwnProperty.call(names, String(number)) ? names[String(number)] : defaultName(number) }));
}

/** The name of table n (also of one that was removed: its old orders keep their number). */
export function tableName(s: TableSettings | null | undefined, n: number): string {
  return tableList(s).find((t) => t.number === n)?.name ?? defaultName(n);
}

/** The number a new table gets when the owner gives none: one above the highest. */
export function nextTableNumber(s: TableSettings | null | undefined): number {
  return (s?.tables ?? []).reduce((m, n) => Math.max(m, n), 0) + 1;
}

/** The name as stored: trimmed, inner white space collapsed; '' means 'Tisch {n}'. */
export function normaliseTableName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** null when the (normalised) name may be used, else why not (German). */
export function tableNameProblem(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return TABLES_TEXTS.nameInvalid;
  if ([...name].length > TABLE_NAME_MAX) return TABLES_TEXTS.nameTooLong;
  return null;
}

export type TableChange =
  | { ok: true; settings: { tables: number[]; tableNames: Record<string, string> }; table: ShopTable }
  | { ok: false; status: 400 | 404 | 409; code: string; text: string };

/** The shop's table names with table `number` named `name` (none kept when it is the default 'Tisch {n}'). */
function namesWith(s: TableSettings | null | undefined, number: number, name: string): Record<string, string> {
  const tableNames = { ...(s?.tableNames ?? {}) };
  delete tableNames[String(number)];
  if (name && name !== defaultName(number)) tableNames[String(number)] = name;
  return tableNames;
}

/** Adds table `number` (default: the next free one) named `rawName` ('' = 'Tisch {n}'). */
export function addTable(s: TableSettings | null | undefined, rawNumber: unknown, rawName: string): TableChange {
  const tables = [...(s?.tables ?? [])];
  const number = rawNumber === null || rawNumber === undefined || rawNumber === '' ? nextTableNumber(s) : parseTableNumber(rawNumber);
  if (number === null) return { ok: false, status: 400, code: 'invalid_table', text: TABLES_TEXTS.numberInvalid };
  if (tables.includes(number)) return { ok: false, status: 409, code: 'table_exists', text: TABLES_TEXTS.numberTaken(number) };
  if (tables.length >= MAX_TABLES) return { ok: false, status: 409, code: 'too_many_tables', text: TABLES_TEXTS.tooMany };
  const name = normaliseTableName(rawName);
  const problem = tableNameProblem(name);
  if (problem) return { ok: false, status: 400, code: 'invalid_name', text: problem };
  const tableNames = namesWith(s, number, name);
  return { ok: true, settings: { tables: [...tables, number].sort((a, b) => a - b), tableNames }, table: { number, name: name || defaultName(number) } };
}

export function renameTable(s: TableSettings | null | undefined, number: number, rawName: string): TableChange {
  const tables = [...(s?.tables ?? [])];
  if (!tables.includes(number)) return { ok: false, status: 404, code: 'unknown_table', text: TABLES_TEXTS.unknown(number) };
  const name = normaliseTableName(rawName);
  const problem = tableNameProblem(name);
  if (problem) return { ok: false, status: 400, code: 'invalid_name', text: problem };
  const tableNames = namesWith(s, number, name);
  return { ok: true, settings: { tables, tableNames }, table: { number, name: name || defaultName(number) } };
}

/** Removes table `number`; `openBill`: the table still has bookings nobody cleared (refused then). */
export function removeTable(s: TableSettings | null | undefined, number: number, openBill: boolean): TableChange {
  const tables = [...(s?.tables ?? [])];
  if (!tables.includes(number)) return { ok: false, status: 404, code: 'unknown_table', text: TABLES_TEXTS.unknown(number) };
  const name = tableName(s, number);
  if (openBill) return { ok: false, status: 409, code: 'table_has_open_bill', text: TABLES_TEXTS.openBill(name) };
  const tableNames = namesWith(s, number, '');
  return { ok: true, settings: { tables: tables.filter((n) => n !== number), tableNames }, table: { number, name } };
}

/** null when the password may be set as the waiter password, else why not (German). */
export function waiterPasswordProblem(password: string): string | null {
  if ([...password.normalize('NFC')].length < WAITER_PASSWORD_MIN_LENGTH) return TABLES_TEXTS.waiterTooShort;
  // the sign-in takes at most 200 UTF-16 units (routes/table.ts): a longer one could never be typed in
  if (password.length > WAITER_PASSWORD_MAX_LENGTH) return TABLES_TEXTS.waiterTooLong;
  return null;
}

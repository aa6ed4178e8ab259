// The owner's 'Öffnungszeiten' (staff app): opening and delivery times per weekday (several ranges,
// a range past midnight stays one range: 18:00–02:00), special closures with their reopening,
// delivery and pickup on/off, delivery zones. Pure: the staff app shows each problem at its field,
// the server refuses a save with the same rule (and then the import's schema checks the whole config).
import { closureEndsBeforeStart, duplicatePostalCodes, POSTAL_CODE, type DeliveryZone, type SpecialOpeningTime, type TimetableEntry } from '@shared/domain/shop';
import { isHHMM } from '@shared/time/clock';

export interface HoursSection {
  openingTimes: TimetableEntry[];
  /** null: 'Lieferzeiten wie Öffnungszeiten' (the default) — delivery follows every later change of the opening times */
  deliveryTimes: TimetableEntry[] | null;
  specialOpeningTimes: SpecialOpeningTime[];
  supportDelivery: boolean;
  supportPickup: boolean;
  deliveryZones: DeliveryZone[];
}

export const HOURS_TEXTS = {
  time: 'Bitte eine Uhrzeit wie 11:30 angeben (00:00 bis 24:00).',
  sameTime: 'Beginn und Ende sind gleich. Bitte ein anderes Ende wählen (nach Mitternacht geht: 18:00 bis 02:00).',
  date: 'Bitte ein Datum angeben.',
  closureEndsBeforeStart: 'Die Schließung endet vor ihrem Beginn. Bitte ein Enddatum am oder nach dem ersten Tag wählen.',
  noService: 'Bitte Lieferung oder Abholung (oder beides) anbieten.',
  zoneName: 'Bitte der Zone einen Namen geben.',
  zoneKind: 'Bitte entweder Postleitzahlen oder einen Umkreis in km angeben.',
  postalCode: (code: string) => `„${code}“ ist keine Postleitzahl: Bitte fünf Ziffern angeben, z. B. 01067.`,
  postalCodeTwice: (code: string) => `Die Postleitzahl ${code} gehört schon zu einer anderen Zone.`,
  distance: 'Bitte einen Umkreis in km angeben, z. B. 3,5.',
  money: 'Bitte einen Betrag in Euro angeben, z. B. 2,50.',
};

const TYPED_TIME = /^(\d{1,2})(?:[:.](\d{2}))?(?:\s*Uhr)?$/i;

/**
 * A clock time as the owner types it ('9', '9:00', '9.30', '21 Uhr') as 'HH:MM'; null when it is
 * none. The staff app saves what it reads; what it cannot read keeps its text for the message.
 */
export function typedTime(text: string): string | null {
  const m = TYPED_TIME.exec(text.trim());
  if (!m) return null;
  const hhmm = `${m[1].padStart(2, '0')}:${m[2] ?? '00'}`;
  return isHHMM(hhmm) ? hhmm : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (s: unknown): s is string => typeof s === 'string' && DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

function timetableProblems(entries: TimetableEntry[], path: string, out: Record<string, string>) {
  entries.forEach((e, i) => {
    if (!isHHMM(e.from)) out[`${path}.${i}.from`] = HOURS_TEXTS.time;
    if (!isHHMM(e.to)) out[`${path}.${i}.to`] = HOURS_TEXTS.time;
    else if (e.from === e.to) out[`${path}.${i}.to`] = HOURS_TEXTS.sameTime;
  });
}

/** Every problem of the section, by the field's path in the config (empty: it may be saved) */
export function hoursProblems(s: HoursSection): Record<string, string> {
  const out: Record<string, string> = {};
  timetableProblems(s.openingTimes, 'openingTimes', out);
  if (s.deliveryTimes !== null) timetableProblems(s.deliveryTimes, 'deliveryTimes', out);
  s.specialOpeningTimes.forEach((c, i) => {
    const p = `specialOpeningTimes.${i}`;
    if (!isDate(c.from)) out[`${p}.from`] = HOURS_TEXTS.date;
    if (!isDate(c.until)) out[`${p}.until`] = HOURS_TEXTS.date;
    else if (isDate(c.from) && closureEndsBeforeStart(c)) out[`${p}.until`] = HOURS_TEXTS.closureEndsBeforeStart;
    timetableProblems(c.openingTimes ?? [], `${p}.openingTimes`, out);
  });
  if (!s.supportDelivery && !s.supportPickup) out.supportDelivery = HOURS_TEXTS.noService;
  const twice = new Set(duplicatePostalCodes(s.deliveryZones.map((z) => ({ postalCodes: z.postalCodes?.filter((c) => POSTAL_CODE.test(c)) }))));
  const claimed = new Set<string>();
  s.deliveryZones.forEach((z, i) => {
    const p = `deliveryZones.${i}`;
    if (!z.name?.trim()) out[`${p}.name`] = HOURS_TEXTS.zoneName;
    if ((z.maxDistanceKm === undefined) === (z.postalCodes === undefined)) out[`${p}.postalCodes`] = HOURS_TEXTS.zoneKind;
    const bad = (z.postalCodes ?? []).find((c) => !POSTAL_CODE.test(c));
    if (bad !== undefined) out[`${p}.postalCodes`] = HOURS_TEXTS.postalCode(bad);
    else {
      // the second zone naming a code is the one refused
      const again = (z.postalCodes ?? []).find((c) => twice.has(c) && claimed.has(c));
      if (again) out[`${p}.postalCodes`] = HOURS_TEXTS.postalCodeTwice(again);
      for (const c of z.postalCodes ?? []) claimed.add(c);
    }
    if (z.postalCodes !== undefined && z.postalCodes.length === 0) out[`${p}.postalCodes`] = HOURS_TEXTS.zoneKind;
    if (z.maxDistanceKm !== undefined && !(Number.isFinite(z.maxDistanceKm) && z.maxDistanceKm > 0)) out[`${p}.maxDistanceKm`] = HOURS_TEXTS.distance;
    for (const k of ['deliveryFee', 'minimumOrderValue', 'freeAfter'] as const) {
      const c = z[k];
      if (c !== undefined && !(Number.isInteger(c) && c >= 0)) out[`${p}.${k}`] = HOURS_TEXTS.money;
    }
  });
  return out;
}

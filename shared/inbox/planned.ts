// When a pre-order moves from 'Geplant' to 'Neu', as an instant the staff app can wait for: the
// server computes the tab when it sends an order, but nothing is sent when only time passes, so
// every order in 'Geplant' carries the moment it becomes due (plannedUntil) and the device moves
// it itself, on its own clock. Pure; time is a parameter.
import { inboxTab, minuteOfHhmm, PLANNED_LEAD_MINUTES, type InboxFacts, type InboxTab } from './rules';

/** Whole minutes from `nowMinute` until a planned pre-order is 'Neu'; null when it is not in 'Geplant'. */
export function minutesUntilNew(o: InboxFacts, nowMinute: number, leadMinutes = PLANNED_LEAD_MINUTES): number | null {
  if (inboxTab(o, nowMinute, leadMinutes) !== 'planned' || !o.serveAt) return null;
  const due = minuteOfHhmm(o.serveAt);
  return due === null ? null : due - leadMinutes - nowMinute;
}

/** The instant (ms) a planned order becomes 'Neu': the start of the shop's current minute plus the minutes left. */
export function plannedUntilMs(nowMs: number, minutesLeft: number): number {
  return nowMs - (nowMs % 60_000) + minutesLeft * 60_000;
}

/** The tab of an order on the device at `nowMs`: a 'Geplant' order whose time has come is 'Neu'. */
export function liveTab(o: { tab: InboxTab; plannedUntil?: string | null }, nowMs: number): InboxTab {
  if (o.tab !== 'planned' || !o.plannedUntil) return o.tab;
  const until = Date.parse(o.plannedUntil);
  return Number.isFinite(until) && nowMs >= until ? 'new' : 'planned';
}

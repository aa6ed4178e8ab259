// The staff app's sections: one entry each, shown in the navigation to the roles it names.
// A section is its own component; large ones are loaded when first opened (React.lazy), so the
// order inbox on the counter's tablet stays small and quick.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffUser } from './api';
import type { SectionProps } from './sectionProps';

// the props live in their own file: a section imports them without importing this list (no cycle)
export type { SectionProps } from './sectionProps';

/**
 * The navigation's groups, in their order: what a busy owner looks for together. The day's work
 * comes first (the staff role sees only it); the shop's set-up is done once and then rarely.
 */
export const STAFF_GROUPS = [
  { id: 'day', label: 'Tagesgeschäft' },
  { id: 'menu', label: 'Speisekarte' },
  { id: 'setup', label: 'Shop einrichten' },
  { id: 'reports', label: 'Berichte' },
] as const;
export type StaffGroupId = (typeof STAFF_GROUPS)[number]['id'];

export interface StaffSection {
  /** the path segment after /restaurant ('' = /restaurant itself) */
  path: string;
  /** the navigation's label and the page's heading */
  label: string;
  /** the navigation group it is listed under */
  group: StaffGroupId;
  roles: StaffUser['role'][];
  Component: ComponentType<SectionProps> | LazyExoticComponent<ComponentType<SectionProps>>;
}

const Orders = lazy(() => import('./OrdersSection').then((m) => ({ default: m.OrdersSection })));
const Ops = lazy(() => import('./ops/OpsSection').then((m) => ({ default: m.OpsSection })));
const Report = lazy(() => import('./kitchen/ReportSection').then((m) => ({ default: m.ReportSection })));
const Tables = lazy(() => import('./tables/TablesSection').then((m) => ({ default: m.TablesSection })));
const Look = lazy(() => import('./settings/LookSection').then((m) => ({ default: m.LookSection })));
const Hours = lazy(() => import('./settings/HoursSection').then((m) => ({ default: m.HoursSection })));
const Printers = lazy(() => import('./kitchen/PrintersSection').then((m) => ({ default: m.PrintersSection })));
const Embed = lazy(() => import('./settings/EmbedSection').then((m) => ({ default: m.EmbedSection })));
const ShopInfo = lazy(() => import('./settings/ShopInfoSection').then((m) => ({ default: m.ShopInfoSection })));
const Menu = lazy(() => import('./menu-editor/MenuEditor').then((m) => ({ default: m.MenuEditor })));

export const STAFF_SECTIONS: StaffSection[] = [
  { path: '', label: 'Bestellungen', group: 'day', roles: ['owner', 'staff'], Component: Orders },
  { path: 'betrieb', label: 'Betrieb', group: 'day', roles: ['owner', 'staff'], Component: Ops },
  { path: 'tische', label: 'Tische', group: 'day', roles: ['owner', 'staff'], Component: Tables },
  { path: 'speisekarte', label: 'Speisekarte', group: 'menu', roles: ['owner'], Component: Menu },
  { path: 'oeffnungszeiten', label: 'Öffnungszeiten', group: 'setup', roles: ['owner'], Component: Hours },
  { path: 'aussehen', label: 'Aussehen', group: 'setup', roles: ['owner'], Component: Look },
  { path: 'zahlung-seiten', label: 'Zahlung & Seiten', group: 'setup', roles: ['owner'], Component: ShopInfo },
  { path: 'drucker', label: 'Drucker', group: 'setup', roles: ['owner'], Component: Printers },
  { path: 'einbinden', label: 'Einbinden', group: 'setup', roles: ['owner'], Component: Embed },
  { path: 'tagesbericht', label: 'Tagesbericht', group: 'reports', roles: ['owner'], Component: Report },
];

/** The section of a path below /restaurant; unknown paths and sections the role may not see: null */
export function sectionOf(path: string, role: StaffUser['role']): StaffSection | null {
  const s = STAFF_SECTIONS.find((x) => x.path === path);
  return s && s.roles.includes(role) ? s : null;
}

export interface StaffNavGroup {
  id: StaffGroupId;
  label: string;
  sections: StaffSection[];
}

/** The navigation for a role: the groups in their order, each with the sections the role may see; empty groups left out */
export function staffNavGroups(role: StaffUser['role'], sections: readonly StaffSection[] = STAFF_SECTIONS): StaffNavGroup[] {
  return STAFF_GROUPS.map((g) => ({ id: g.id, label: g.label, sections: sections.filter((s) => s.group === g.id && s.roles.includes(role)) })).filter((g) => g.sections.length > 0);
}

// The staff app's sections: one entry each, shown in the navigation to the roles it names.
// A section is its own component; large ones are loaded when first opened (React.lazy), so the
// order inbox on the counter's tablet stays small and quick.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffUser } from './api';
import type { SectionProps } from './sectionProps';

// the props live in their own file: a section imports them without importing this list (no cycle)
export type { SectionProps } from './sectionProps';

export interface StaffSection {
  /** the path segment after /restaurant ('' = /restaurant itself) */
  path: string;
  /** the navigation's label and the page's heading */
  label: string;
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
  { path: '', label: 'Bestellungen', roles: ['owner', 'staff'], Component: Orders },
  { path: 'betrieb', label: 'Betrieb', roles: ['owner', 'staff'], Component: Ops },
  { path: 'tische', label: 'Tische', roles: ['owner', 'staff'], Component: Tables },
  { path: 'speisekarte', label: 'Speisekarte', roles: ['owner'], Component: Menu },
  { path: 'tagesbericht', label: 'Tagesbericht', roles: ['owner'], Component: Report },
  { path: 'drucker', label: 'Drucker', roles: ['owner'], Component: Printers },
  { path: 'oeffnungszeiten', label: 'Öffnungszeiten', roles: ['owner'], Component: Hours },
  { path: 'aussehen', label: 'Aussehen', roles: ['owner'], Component: Look },
  { path: 'zahlung-seiten', label: 'Zahlung & Seiten', roles: ['owner'], Component: ShopInfo },
  { path: 'einbinden', label: 'Einbinden', roles: ['owner'], Component: Embed },
];

/** The section of a path below /restaurant; unknown paths and sections the role may not see: null */
export function sectionOf(path: string, role: StaffUser['role']): StaffSection | null {
  const s = STAFF_SECTIONS.find((x) => x.path === path);
  return s && s.roles.includes(role) ? s : null;
}

// The staff app's sections: one entry each, shown in the navigation to the roles it names.
// A section is its own component; large ones are loaded when first opened (React.lazy), so the
// order inbox on the counter's tablet stays small and quick.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffApi, StaffUser } from './api';
import type { LiveOrders } from './useLiveOrders';

export interface SectionProps {
  api: StaffApi;
  user: StaffUser;
  shopId: string;
  /** the shop's orders, live (the event stream runs in every section, so a new order always rings) */
  live: LiveOrders;
}

export interface StaffSection {
  /** the path segment after /restaurant ('' = /restaurant itself) */
  path: string;
  /** the navigation's label and the page's heading */
  label: string;
  roles: StaffUser['role'][];
  Component: ComponentType<SectionProps> | LazyExoticComponent<ComponentType<SectionProps>>;
}

const Orders = lazy(() => import('./OrdersSection').then((m) => ({ default: m.OrdersSection })));
const Menu = lazy(() => import('./menu-editor/MenuEditor').then((m) => ({ default: m.MenuEditor })));

export const STAFF_SECTIONS: StaffSection[] = [
  { path: '', label: 'Bestellungen', roles: ['owner', 'staff'], Component: Orders },
  { path: 'speisekarte', label: 'Speisekarte', roles: ['owner'], Component: Menu },
];

/** The section of a path below /restaurant; unknown paths and sections the role may not see: null */
export function sectionOf(path: string, role: StaffUser['role']): StaffSection | null {
  const s = STAFF_SECTIONS.find((x) => x.path === path);
  return s && s.roles.includes(role) ? s : null;
}

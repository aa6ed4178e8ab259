// What every section of the staff app gets (remotes/inbox/sections.ts lists the sections).
import type { StaffApi, StaffUser } from './api';
import type { LiveOrders } from './useLiveOrders';

export interface SectionProps {
  api: StaffApi;
  user: StaffUser;
  shopId: string;
  /** the shop's orders, live (the event stream runs in every section, so a new order always rings) */
  live: LiveOrders;
}

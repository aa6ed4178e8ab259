// What stands between a guest's click on a dish or menu and its dialog, in this
// order: franchise overview → orders closed → age. Pure: the caller reads the
// stores and acts on the answer.
import type { DeliveryPeriod, Franchise } from '@shared/domain';
import { ALL_FRANCHISE_SHOPS_CLOSED } from '@shared/i18n';
import type { RequiredAge } from './age';
import { allFranchiseShopsClosed, closedWording, ordersClosed } from './menu';

export type MenuGate =
  /** open the franchise chooser (overview page, or closed here while another shop is open) */
  | { gate: 'franchise'; reason: 'overview' | 'closed' }
  /** say that ordering is closed, with this text */
  | { gate: 'closed'; text: string }
  /** ask for the guest's age first */
  | { gate: 'age'; age: 16 | 18 }
  /** open the dish or menu dialog */
  | { gate: 'open' };

export interface MenuGateInput {
  /** an existing cart line is edited: franchise and closed gates are passed */
  editing: boolean;
  /** the shop (or the dev flag) is a franchise overview */
  franchiseOverview: boolean;
  period: Pick<DeliveryPeriod, 'allowOrders' | 'openInMinutes' | 'openAt'> | null;
  /** the guest chose to look at the menu although the shop is closed */
  showNevertheless: boolean;
  /** the franchise when the shop belongs to one (franchise mode), else null */
  franchise: Pick<Franchise, 'shops'> | null;
  /** age the item needs by its own tags (menus: 0, checked when saved) */
  requiredAge: RequiredAge;
  ageConfirmed: (age: 16 | 18) => boolean;
}

export function menuGate(i: MenuGateInput): MenuGate {
  if (!i.editing) {
    if (i.franchiseOverview) return { gate: 'franchise', reason: 'overview' };
    if (ordersClosed(i.period) && !i.showNevertheless) {
      if (i.franchise && !allFranchiseShopsClosed(i.franchise)) return { gate: 'franchise', reason: 'closed' };
      return { gate: 'closed', text: i.franchise ? ALL_FRANCHISE_SHOPS_CLOSED : closedWording(i.period) };
    }
  }
  if (i.requiredAge && !i.ageConfirmed(i.requiredAge)) return { gate: 'age', age: i.requiredAge };
  return { gate: 'open' };
}

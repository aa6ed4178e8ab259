// The group side of POST /order:
// only the group's owner may order for it, the members' carts must pass the integrity check, and
// the lines priced are the ones the server holds — the client's list only has to add up to them.
import type { CartItem } from '@shared/domain';
import { combineMemberItems } from '@shared/group';
import { validateGroupCart } from '@shared/checkout';
import type { DbQuery } from '../db';
import { HttpError } from '../http';
import { groupAnswer, loadGroup, loadMembers } from './group';

export interface GroupOrderItems {
  groupId: string;
  items: CartItem[];
}

export async function groupOrderItems(q: DbQuery, shopId: string, groupId: string, userId: string | null, clientItems: unknown[]): Promise<GroupOrderItems> {
  const g = await loadGroup(q, shopId, groupId);
  if (!g || g.disbanded) throw new HttpError(404, 'group_not_found', 'Diese Gruppe gibt es nicht mehr.');
  if (!userId || userId !== g.owner_user_id) throw new HttpError(403, 'forbidden', 'Nur der Gruppenleiter kann für die Gruppe bestellen.');
  if (g.stage !== 'checkout' && g.stage !== 'paying') throw new HttpError(409, 'group_not_at_checkout', 'Die Gruppe ist nicht an der Kasse.');
  const members = groupAnswer(g, await loadMembers(q, g.id)).members;
  const combinedItems = clientItems.filter((x): x is CartItem => !!x && typeof x === 'object') as CartItem[];
  const problem = validateGroupCart({ members, combinedItems });
  if (problem) throw new HttpError(409, 'group_cart_invalid', problem);
  return { groupId: g.id, items: combineMemberItems(members) };
}

/** In the order's transaction: the order belongs to the group, which now waits for the payment. */
export async function markGroupOrdered(tx: DbQuery, groupId: string, orderId: string, seq: string): Promise<void> {
  await tx.query('UPDATE orders SET group_order_id = $2 WHERE seq = $1', [seq, groupId]);
  await tx.query(`UPDATE group_orders SET order_id = $2, stage = 'paying', updated_at = now() WHERE id = $1`, [groupId, orderId]);
}

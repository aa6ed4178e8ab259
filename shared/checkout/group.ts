// Group cart integrity.
import type { CartItem, GroupMember } from '@shared/domain';
import { GROUP_AMOUNT_MISMATCH, GROUP_DUPLICATE_MEMBER, GROUP_NO_MEMBERS, GROUP_ONE_OWNER } from './texts';

export interface GroupCartInput {
  members: readonly Pick<GroupMember, 'id' | 'status' | 'cart'>[];
  /** the combined order's items, when checking a combined order against the members' carts */
  combinedItems?: readonly CartItem[];
}

const amountSum = (items: readonly CartItem[]) => items.reduce((s, i) => s + (Number.isFinite(i.amount) ? i.amount : 0), 0);

/**
 * First failure: no members; a duplicate member id; not exactly one owner; the sum of item amounts
 * of the combined order differs from the sum over the members' carts (own reading of 'Amount sum').
 */
export function validateGroupCart(input: GroupCartInput): string | null {
  const members = input.members ?? [];
  if (members.length === 0) return GROUP_NO_MEMBERS;
  const ids = new Set<string>();
  for (const m of members) {
    if (ids.has(m.id)) return GROUP_DUPLICATE_MEMBER;
    ids.add(m.id);
  }
  if (members.filter((m) => m.status === 'owner').length !== 1) return GROUP_ONE_OWNER;
  if (input.combinedItems) {
    const members_ = members.reduce((s, m) => s + amountSum(m.cart?.items ?? []), 0);
    if (members_ !== amountSum(input.combinedItems)) return GROUP_AMOUNT_MISMATCH;
  }
  return null;
}

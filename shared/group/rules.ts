// Pure rules of group ordering. No clock, no fetch, no stores.
import type { CartItem, Cents, GroupMember } from '@shared/domain';
import type { GroupStage } from '@shared/domain';

export const GROUP_POLL_MS = 5000;
/** after MORE than this many consecutive poll failures the member leaves */
export const GROUP_POLL_MAX_FAILURES = 5;
export const GROUP_COPIED_MS = 1000;
export const GROUP_BUBBLE_DELAY_MS = 2000;
export const GROUP_BUBBLE_END_MS = 10000;
/** the missed-group-order reminder: subtotal over this many cents */
export const GROUP_REMINDER_MIN_CENTS = 2500;
export const GROUP_STAGES: readonly GroupStage[] = ['menu', 'checkout', 'paying', 'completed'];

/** Invitation codes: 12 characters of a 32-letter alphabet without look-alikes = 60 bits. */
export const GROUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const GROUP_CODE = /^[a-z2-9]{12}$/;
export const GROUP_ID = /^[A-Za-z0-9_-]{16,32}$/;

/** The invitation link: the shop origin (with its /f={slug} prefix) plus ?gruppe={code}. */
export function inviteLink(shopUrl: string, code: string): string {
  return `${shopUrl.replace(/\/+$/, '')}/?gruppe=${encodeURIComponent(code)}`;
}

/** The code of a ?gruppe= link, null when absent or malformed. */
export function codeFromSearch(search: string): string | null {
  const c = new URLSearchParams(search).get('gruppe')?.trim().toLowerCase() ?? '';
  return GROUP_CODE.test(c) ? c : null;
}

export function isOwner(m: Pick<GroupMember, 'status'>): boolean {
  return m.status === 'owner';
}

export function isReady(m: Pick<GroupMember, 'status'>): boolean {
  return m.status === 'readyToCheckout';
}

/**
 * Every member's lines as one order: each line carries the member's name and a line id made
 * unique per member. `skipMemberId` leaves one member out (the owner's own cart is local).
 */
export function combineMemberItems(members: readonly Pick<GroupMember, 'id' | 'name' | 'cart'>[], skipMemberId: string | null = null): CartItem[] {
  const out: CartItem[] = [];
  for (const m of members) {
    if (m.id === skipMemberId) continue;
    for (const item of m.cart?.items ?? []) {
      out.push({ ...item, memberName: m.name, lineId: `${m.id}.${item.lineId}` } as CartItem);
    }
  }
  return out;
}

export function itemCount(items: readonly Pick<CartItem, 'amount'>[]): number {
  return items.reduce((n, i) => n + (Number.isFinite(i.amount) && i.amount > 0 ? i.amount : 0), 0);
}

/** Sum of the members' cart totals (each priced by the server). */
export function groupItemsTotal(members: readonly Pick<GroupMember, 'cart'>[]): Cents {
  return members.reduce((s, m) => s + (m.cart?.total ?? 0), 0);
}

export interface PollState {
  failures: number;
}

/** One poll result: the failure counter, and whether the member must now leave (> 5 in a row). */
export function nextPollState(s: PollState, ok: boolean): { state: PollState; leave: boolean } {
  if (ok) return { state: { failures: 0 }, leave: false };
  const failures = s.failures + 1;
  return { state: { failures }, leave: failures > GROUP_POLL_MAX_FAILURES };
}

/**
 * Where a member's page goes for a stage:
 * checkout/paying → holding page; menu → home (only from the holding page); completed with an
 * order → that order's success page. The owner is never moved. null = stay.
 */
export function stageTarget(stage: GroupStage, owner: boolean, orderId: string | null, path: string): string | null {
  if (owner) return null;
  const onHolding = /\/checkout\/holding\/?$/.test(path);
  if (stage === 'checkout' || stage === 'paying') return onHolding ? null : '/checkout/holding';
  if (stage === 'menu') return onHolding ? '/' : null;
  if (stage === 'completed' && orderId) return `/checkout/success/${encodeURIComponent(orderId)}`;
  return null;
}

/** Stages the owner may set by hand; 'completed' only follows a paid order (the server sets it). */
export function canSetStage(from: GroupStage, to: GroupStage): boolean {
  if (from === 'completed') return false;
  return to === 'menu' || to === 'checkout' || to === 'paying';
}

/** The missed-group-order reminder: subtotal over 25,00 € outside group and table mode. */
export function isMissedGroupOrder(subtotal: Cents, groupActive: boolean, tableActive: boolean): boolean {
  return subtotal > GROUP_REMINDER_MIN_CENTS && !groupActive && !tableActive;
}

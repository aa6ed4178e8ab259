// The group order as this browser takes part in it: the session (group, own member, own user id),
// the last state read from the server, polling every 5 s, pushing the own cart, and the stage moves.
// Rules come from ./rules; German texts from ./texts. Components call these actions.
import { atom, computed } from 'nanostores';
import { isApiError, startPolling, type Poller } from '@shared/api';
import type { GroupMemberUpdate, GroupOrder, GroupOrderUpdate, GroupStage } from '@shared/domain';
import {
  $cart, $devFlags, $groupLines, $groupOrderActive, $groupOthersSubtotal, $groupRole, $orderTotals, $shopId, $twoForOneStatus, clearCart, local, parseJson, storageKeys,
} from '@shared/stores';
import { apiCreateGroup, apiFindGroup, apiGetGroup, apiJoinGroup, apiUpdateGroup, apiUpdateMember } from './api';
import { combineMemberItems, GROUP_POLL_MS, groupItemsTotal, isMissedGroupOrder, isOwner, nextPollState, stageTarget, type PollState } from './rules';
import { GROUP_TEXTS } from './texts';

export interface GroupSession {
  groupId: string;
  memberId: string;
  userId: string;
  /** kept for the start-up (no location prompt for a member before the group is read) */
  role?: 'owner' | 'member';
}

export interface GroupNotice {
  title: string;
  text: string;
}

const sessionKey = (shopId: string) => storageKeys.group(shopId);
const USER_KEY = storageKeys.groupUser;

/** One random id per browser (the spec's userId): the server checks owner and member rights by it. */
export function groupUserId(): string {
  let id = local.get(USER_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = new Uint8Array(18);
    globalThis.crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    local.set(USER_KEY, id);
  }
  return id;
}

function readSession(shopId: string | null): GroupSession | null {
  if (!shopId) return null;
  const raw = parseJson(local.get(sessionKey(shopId))) as Partial<GroupSession> | undefined;
  return raw && typeof raw.groupId === 'string' && typeof raw.memberId === 'string' && typeof raw.userId === 'string'
    ? { groupId: raw.groupId, memberId: raw.memberId, userId: raw.userId, role: raw.role === 'owner' ? 'owner' : 'member' }
    : null;
}

export const $groupSession = atom<GroupSession | null>(null);
export const $group = atom<GroupOrder | null>(null);
/** a message for the guest (removed, disbanded, connection lost); the widget shows it */
export const $groupNotice = atom<GroupNotice | null>(null);
export const $groupMe = computed([$group, $groupSession], (g, s) => (g && s ? g.members.find((m) => m.id === s.memberId) ?? null : null));
export const $isGroupOwner = computed($groupMe, (m) => !!m && isOwner(m));

function setSession(s: GroupSession | null): void {
  const shopId = $shopId.get();
  if (shopId) {
    if (s) local.set(sessionKey(shopId), JSON.stringify(s));
    else local.remove(sessionKey(shopId));
  }
  $groupSession.set(s);
  $groupOrderActive.set(!!s);
  if (!s) {
    $group.set(null);
    $groupRole.set(null);
    $groupLines.set([]);
    $groupOthersSubtotal.set(0);
  }
}

$shopId.subscribe((shopId) => {
  const s = readSession(shopId);
  $groupSession.set(s);
  $groupOrderActive.set(!!s);
  $groupRole.set(s?.role ?? null);
});

let navigator_: ((path: string) => void) | null = null;
/** The widget hands in its host's navigate (members follow the owner's stages). */
export function setGroupNavigator(fn: ((path: string) => void) | null): void {
  navigator_ = fn;
}

export function dismissGroupNotice(): void {
  $groupNotice.set(null);
}

/** A new state from the server: role, the owner's group lines, where a member's page goes. */
export function applyGroup(g: GroupOrder): void {
  const s = $groupSession.get();
  if (!s || g.id !== s.groupId) return;
  const me = g.members.find((m) => m.id === s.memberId);
  if (!me) {
    setSession(null);
    $groupNotice.set({ title: GROUP_TEXTS.removedTitle, text: GROUP_TEXTS.removedText });
    return;
  }
  const owner = isOwner(me);
  if (s.role !== (owner ? 'owner' : 'member')) setSession({ ...s, role: owner ? 'owner' : 'member' });
  $group.set(g);
  $groupRole.set(owner ? 'owner' : 'member');
  $groupOrderActive.set(g.stage !== 'completed');
  const paying = owner && (g.stage === 'checkout' || g.stage === 'paying');
  $groupLines.set(paying ? combineMemberItems(g.members, me.id) : []);
  // until the owner pays for them, the others' carts still count toward the group's minimum order value
  $groupOthersSubtotal.set(paying || g.stage === 'completed' ? 0 : groupItemsTotal(g.members.filter((m) => m.id !== me.id)));
  const path = typeof location === 'undefined' ? '/' : location.pathname;
  const target = stageTarget(g.stage, owner, g.orderId, path);
  if (g.stage === 'completed') {
    // the order is paid: the members' lines are in it; the group is over for everybody
    if (!owner) clearCart();
    setSession(null);
  }
  if (target) navigator_?.(target);
}

function fail(e: unknown): never {
  throw e;
}

export async function createGroup(groupName: string, userName: string, isPickup: boolean): Promise<void> {
  const userId = groupUserId();
  const { group, memberId } = await apiCreateGroup({ groupName: groupName.trim(), userName: userName.trim(), isPickup, userId });
  setSession({ groupId: group.id, memberId, userId });
  applyGroup(group);
  await pushCart().catch(() => undefined);
}

export async function findGroup(code: string) {
  return apiFindGroup(code);
}

export async function joinGroup(groupId: string, userName: string): Promise<void> {
  const userId = groupUserId();
  const { group, memberId } = await apiJoinGroup(groupId, { userName: userName.trim(), userId });
  setSession({ groupId: group.id, memberId, userId });
  applyGroup(group);
  await pushCart().catch(() => undefined);
}

async function memberCall(update: GroupMemberUpdate, memberId?: string): Promise<void> {
  const s = $groupSession.get() ?? fail(new Error('no group'));
  await apiUpdateMember(s.groupId, memberId ?? s.memberId, s.userId, update);
}

async function groupCall(update: GroupOrderUpdate): Promise<void> {
  const s = $groupSession.get() ?? fail(new Error('no group'));
  const g = await apiUpdateGroup(s.groupId, s.userId, update);
  if (g) applyGroup(g);
}

/** Leaving keeps the own cart. */
export async function leaveGroup(): Promise<void> {
  await memberCall({ leave: true });
  setSession(null);
}

/** Owner: disbanding cannot be undone; everybody keeps their cart. */
export async function disbandGroup(): Promise<void> {
  await groupCall({ disband: true });
  setSession(null);
}

/** Owner: removes a member (the server refuses anybody else). */
export async function removeMember(memberId: string): Promise<void> {
  await memberCall({ leave: true }, memberId);
  await refreshGroup();
}

export async function renameGroup(name: string): Promise<void> {
  await groupCall({ name: name.trim() });
}

export async function renameSelf(name: string): Promise<void> {
  await memberCall({ name: name.trim() });
  await refreshGroup();
}

export async function setReady(ready: boolean): Promise<void> {
  await memberCall({ status: ready ? 'readyToCheckout' : 'menu' });
  await refreshGroup();
}

/** Owner: the own cart goes up first, so the order the server builds has the latest lines. */
export async function setStage(stage: GroupStage): Promise<void> {
  if (stage === 'checkout') await pushCart();
  await groupCall({ stage });
}

/** Sends the own cart (the server prices it again; only the owner's two-for-one choices count). */
export async function pushCart(): Promise<void> {
  const s = $groupSession.get();
  if (!s) return;
  const g = $group.get();
  if (g && g.stage !== 'menu') return;
  const owner = $groupRole.get() === 'owner';
  const confirmed = Object.entries($twoForOneStatus.get()).filter(([, st]) => st === 'confirmed').map(([k]) => k);
  await memberCall({
    cart: { total: $orderTotals.get()?.subtotal ?? 0, items: $cart.get(), ...(owner ? { confirmedTwoForOnePromotions: confirmed } : {}) },
  });
}

let poll: PollState = { failures: 0 };

/** One read of the group; a failure counts, more than 5 in a row leave the group with a message. */
export async function refreshGroup(): Promise<void> {
  const s = $groupSession.get();
  if (!s) return;
  try {
    const g = await apiGetGroup(s.groupId);
    poll = { failures: 0 };
    applyGroup(g);
  } catch (e) {
    if (isApiError(e) && (e.status === 404 || e.status === 410)) {
      setSession(null);
      $groupNotice.set({ title: GROUP_TEXTS.removedTitle, text: GROUP_TEXTS.disbandedText });
      return;
    }
    const next = nextPollState(poll, false);
    poll = next.state;
    if (next.leave) {
      poll = { failures: 0 };
      void apiUpdateMember(s.groupId, s.memberId, s.userId, { leave: true }).catch(() => undefined);
      setSession(null);
      $groupNotice.set({ title: GROUP_TEXTS.removedTitle, text: GROUP_TEXTS.pollFailedText });
    }
  }
}

let users = 0;
let poller: Poller | null = null;
let stopCart: (() => void) | null = null;
let pushTimer: ReturnType<typeof setTimeout> | null = null;

/** Starts reading the group every 5 s and sending the own cart on change; returns the stop. */
export function startGroupSync(): () => void {
  users += 1;
  if (users === 1) {
    void refreshGroup();
    poller = startPolling({
      load: async () => {
        if ($groupSession.get() && $devFlags.get().automaticPollGroupOrder !== false) await refreshGroup();
      },
      intervalMs: GROUP_POLL_MS,
      delayFirst: true,
    });
    stopCart = $cart.listen(() => {
      if (!$groupSession.get()) return;
      if (pushTimer) clearTimeout(pushTimer);
      pushTimer = setTimeout(() => void pushCart().then(refreshGroup).catch(() => undefined), 300);
    });
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users -= 1;
    if (users === 0) {
      poller?.stop();
      if (pushTimer) clearTimeout(pushTimer);
      stopCart?.();
      poller = null;
      stopCart = null;
    }
  };
}

/** What the checkout sends for a group order: the group and the owner's user id; null outside a group. */
export function groupSubmission(): { groupOrderId: string; userId: string } | null {
  const s = $groupSession.get();
  return s && $groupRole.get() === 'owner' ? { groupOrderId: s.groupId, userId: s.userId } : null;
}

const missedKey = storageKeys.missedGroupOrder;

/**
 * After an order: over 25,00 € outside group and table mode the
 * order id is kept as a missed group order; the group widget reminds of group ordering next time.
 */
export function rememberMissedGroupOrder(orderId: string, subtotal: number, groupActive: boolean, tableActive: boolean): boolean {
  const shopId = $shopId.get();
  if (!shopId || !isMissedGroupOrder(subtotal, groupActive, tableActive)) return false;
  local.set(missedKey(shopId), orderId);
  return true;
}

/** True once when a missed group order is stored (the reminder shows, the mark is gone). */
export function takeMissedGroupOrder(): boolean {
  const shopId = $shopId.get();
  if (!shopId || !local.get(missedKey(shopId))) return false;
  local.remove(missedKey(shopId));
  return true;
}

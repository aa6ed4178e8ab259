// The group calls of the shop API (docs/api.md "Group orders"), loaded with the
// group widget only.
import * as v from '@shared/domain/valibot';
import { request, requestValid, seg, validate } from '@shared/api';
import { type GroupMemberUpdate, type GroupOrder, type GroupOrderUpdate } from '@shared/domain';
import { GroupOrderSchema } from '@shared/domain/calls';

/** create and join answer the group plus the caller's own member id (docs/api.md) */
const WithMemberSchema = v.object({ memberId: v.string() });

async function groupWithMember(data: unknown): Promise<{ group: GroupOrder; memberId: string }> {
  const group = validate(GroupOrderSchema, data, 'group order') as unknown as GroupOrder;
  const { memberId } = validate(WithMemberSchema, data, 'group member');
  return { group, memberId };
}

export async function apiCreateGroup(body: { groupName: string; userName: string; isPickup: boolean; userId: string }) {
  return groupWithMember(await request('shop', '/group-order', { method: 'POST', body }));
}

export async function apiJoinGroup(id: string, body: { userName: string; userId: string }) {
  return groupWithMember(await request('shop', `/group-order/${seg(id)}/join`, { method: 'POST', body }));
}

const FoundSchema = v.object({ id: v.string(), name: v.string(), owner: v.string(), stage: v.string() });
export type FoundGroup = v.InferOutput<typeof FoundSchema>;

/** GET /find-group-order/{code}: the group an invitation link points to. */
export function apiFindGroup(code: string): Promise<FoundGroup> {
  return requestValid('shop', `/find-group-order/${seg(code)}`, FoundSchema, 'group');
}

/** POST /group-order/{id}: owner only (the server answers 403 otherwise). */
export async function apiUpdateGroup(id: string, userId: string, update: GroupOrderUpdate): Promise<GroupOrder | null> {
  const data = await request('shop', `/group-order/${seg(id)}`, { method: 'POST', body: { ...update, userId } });
  const r = v.safeParse(GroupOrderSchema, data);
  return r.success ? (r.output as unknown as GroupOrder) : null;
}

/** POST /group-order/{id}/member/{memberId}; the cart travels as JSON text. */
export function apiUpdateMember(id: string, memberId: string, userId: string, update: GroupMemberUpdate): Promise<unknown> {
  const body: Record<string, unknown> = { ...update, userId };
  if ('cart' in update) body.cart = JSON.stringify(update.cart);
  return request('shop', `/group-order/${seg(id)}/member/${seg(memberId)}`, { method: 'POST', body });
}

/** GET /group-order/{id} (polled by the group store). */
export function apiGetGroup(id: string): Promise<GroupOrder> {
  return requestValid('shop', `/group-order/${seg(id)}`, GroupOrderSchema, 'group order') as unknown as Promise<GroupOrder>;
}

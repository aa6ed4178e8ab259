// Group orders: create, update (owner
// only), join, update member (own cart/name/status/leave; the owner may remove), read (polled,
// ETag/304 through the app's etag middleware), find by invitation code. Rights are checked by the
// caller's userId, which no answer ever shows to other members.
import { randomBytes, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { CartItem, GroupMember, GroupOrder, GroupStage } from '@shared/domain';
import { canSetStage, GROUP_CODE, GROUP_CODE_ALPHABET, GROUP_ID } from '@shared/group';
import { priceOrder, restoreCart } from '@shared/cartpricing';
import { pricingContext, type PricingContext } from '@shared/pricing';
import { nameError } from '@shared/rules';
import { getShop, instantFrom, shopTime, type ServerContext } from '../context';
import type { DbQuery } from '../db';
import { HttpError, readJson, validate } from '../http';

const USER_ID = v.pipe(v.string('expected a userId'), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'userId: expected 16-64 letters, digits, _ or -'));
const NAME = v.pipe(v.string('expected a name'), v.maxLength(60, 'expected at most 60 characters'), v.transform((x) => x.replace(/\0/g, '').trim()));
const MEMBER_ID = /^[A-Za-z0-9_-]{8,32}$/;

const CreateBody = v.object({ groupName: NAME, userName: NAME, isPickup: v.optional(v.boolean(), false), userId: USER_ID });
const JoinBody = v.object({ userName: NAME, userId: USER_ID });
const GroupBody = v.object({
  userId: USER_ID,
  isPickup: v.optional(v.boolean()),
  name: v.optional(NAME),
  stage: v.optional(v.picklist(['menu', 'checkout', 'paying', 'completed'], 'expected menu, checkout, paying or completed')),
  orderId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  disband: v.optional(v.boolean()),
});
const MemberBody = v.object({
  userId: USER_ID,
  cart: v.optional(v.union([v.pipe(v.string(), v.maxLength(60_000, 'cart: too long')), v.record(v.string(), v.unknown())])),
  name: v.optional(NAME),
  status: v.optional(v.picklist(['menu', 'readyToCheckout'], 'expected menu or readyToCheckout')),
  leave: v.optional(v.boolean()),
});

export interface GroupRow {
  id: string;
  shop_id: string;
  code: string;
  name: string;
  owner_user_id: string;
  stage: GroupStage;
  is_pickup: boolean;
  order_id: string | null;
  disbanded: boolean;
}

export interface MemberRow {
  id: string;
  user_id: string;
  name: string;
  is_owner: boolean;
  status: 'owner' | 'menu' | 'readyToCheckout';
  cart: { total: number; items: CartItem[]; confirmedTwoForOnePromotions: string[] };
}

export function newGroupCode(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += GROUP_CODE_ALPHABET[randomInt(GROUP_CODE_ALPHABET.length)];
  return s;
}
const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

export async function loadGroup(q: DbQuery, shopId: string, id: string, lock = false): Promise<GroupRow | null> {
  if (!GROUP_ID.test(id)) return null;
  const { rows } = await q.query<GroupRow>(`SELECT * FROM group_orders WHERE id = $1 AND shop_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, shopId]);
  return rows[0] ?? null;
}

export async function loadMembers(q: DbQuery, groupId: string): Promise<MemberRow[]> {
  const { rows } = await q.query<MemberRow>('SELECT id, user_id, name, is_owner, status, cart FROM group_members WHERE group_id = $1 ORDER BY is_owner DESC, position', [groupId]);
  return rows;
}

/** The answer: no user ids (a member must not be able to act as the owner); owner = the owner's name. */
export function groupAnswer(g: GroupRow, members: MemberRow[]): GroupOrder {
  const owner = members.find((m) => m.is_owner);
  return {
    id: g.id, code: g.code, name: g.name, owner: owner?.name ?? '', stage: g.stage, isPickup: g.is_pickup, orderId: g.order_id,
    members: members.map((m): GroupMember => ({ id: m.id, userId: '', name: m.name, status: m.is_owner ? 'owner' : m.status, cart: m.cart })),
  };
}

const forbidden = () => new HttpError(403, 'forbidden', 'Das darf nur der Gruppenleiter.');
const notMember = () => new HttpError(403, 'forbidden', 'Du kannst nur deinen eigenen Warenkorb ändern.');
const gone = () => new HttpError(404, 'group_not_found', 'Diese Gruppe gibt es nicht mehr.');

function checkName(kind: 'group' | 'own', name: string | undefined): void {
  const msg = nameError(kind, name);
  if (msg) throw new HttpError(400, kind === 'group' ? 'group_name_too_short' : 'own_name_too_short', msg);
}

export function groupRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  const pricingCtx = async (c: Context, shopId: string, pickup: boolean): Promise<PricingContext> => {
    const shop = await getShop(ctx, shopId);
    return pricingContext({ time: shopTime(shop.config, instantFrom(ctx, c.req.query('at')).instant), deliveryType: pickup ? 'pickup' : 'delivery', groupOrderActive: true });
  };

  /** A paid (or pay-at-the-door) order completes its group: the server's payment state, not a client, decides. */
  const settle = async (g: GroupRow): Promise<GroupRow> => {
    if (g.stage !== 'paying' || !g.order_id) return g;
    const { rows } = await ctx.db.query<{ payment_status: string }>('SELECT payment_status FROM orders WHERE id = $1 AND group_order_id = $2', [g.order_id, g.id]);
    if (!rows[0] || !['paid', 'on_delivery'].includes(rows[0].payment_status)) return g;
    await ctx.db.query(`UPDATE group_orders SET stage = 'completed', updated_at = now() WHERE id = $1 AND stage = 'paying'`, [g.id]);
    return { ...g, stage: 'completed' };
  };

  const answer = async (c: Context, g: GroupRow, extra: Record<string, unknown> = {}, status: 200 | 201 = 200) => {
    const members = await loadMembers(ctx.db, g.id);
    c.header('Cache-Control', 'no-cache');
    return c.json({ ...groupAnswer(g, members), ...extra }, status);
  };

  const liveGroup = async (c: Context) => {
    const shopId = (await getShop(ctx, c.req.param('shopId')!)).config.id;
    const g = await loadGroup(ctx.db, shopId, c.req.param('id')!);
    if (!g || g.disbanded) throw gone();
    return g;
  };

  app.post('/:shopId/group-order', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    const b = validate(CreateBody, await readJson(c), 'invalid_body');
    checkName('group', b.groupName);
    checkName('own', b.userName);
    const id = newId(12);
    const memberId = newId(9);
    await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO group_orders (id, shop_id, code, name, owner_user_id, is_pickup) VALUES ($1,$2,$3,$4,$5,$6)', [id, shopId, newGroupCode(), b.groupName, b.userId, b.isPickup]);
      await tx.query(`INSERT INTO group_members (id, group_id, user_id, name, is_owner, status) VALUES ($1,$2,$3,$4,true,'owner')`, [memberId, id, b.userId, b.userName]);
    });
    return answer(c, (await loadGroup(ctx.db, shopId, id))!, { memberId }, 201);
  });

  app.get('/:shopId/find-group-order/:code', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    const code = c.req.param('code').toLowerCase();
    const { rows } = GROUP_CODE.test(code)
      ? await ctx.db.query<GroupRow & { owner_name: string }>(
          `SELECT g.*, m.name AS owner_name FROM group_orders g JOIN group_members m ON m.group_id = g.id AND m.is_owner
           WHERE g.code = $1 AND g.shop_id = $2 AND NOT g.disbanded`, [code, shopId])
      : { rows: [] };
    const g = rows[0];
    if (!g || g.stage === 'completed') throw gone();
    c.header('Cache-Control', 'no-store');
    return c.json({ id: g.id, name: g.name, owner: g.owner_name, stage: g.stage });
  });

  app.get('/:shopId/group-order/:id', async (c) => answer(c, await settle(await liveGroup(c))));

  app.post('/:shopId/group-order/:id', async (c) => {
    const g = await liveGroup(c);
    const b = validate(GroupBody, await readJson(c), 'invalid_body');
    if (b.userId !== g.owner_user_id) throw forbidden();
    if (b.disband) {
      await ctx.db.query('UPDATE group_orders SET disbanded = true, updated_at = now() WHERE id = $1', [g.id]);
      return c.json({ ok: true, disbanded: true });
    }
    if (b.name !== undefined) {
      checkName('group', b.name);
      await ctx.db.query('UPDATE group_orders SET name = $2, updated_at = now() WHERE id = $1', [g.id, b.name]);
    }
    if (b.isPickup !== undefined) await ctx.db.query('UPDATE group_orders SET is_pickup = $2, updated_at = now() WHERE id = $1', [g.id, b.isPickup]);
    if (b.orderId !== undefined) {
      const { rows } = await ctx.db.query('SELECT 1 FROM orders WHERE id = $1 AND group_order_id = $2', [b.orderId, g.id]);
      if (!rows.length) throw new HttpError(409, 'order_not_in_group', 'Diese Bestellung gehört nicht zu der Gruppe.');
      await ctx.db.query('UPDATE group_orders SET order_id = $2, updated_at = now() WHERE id = $1', [g.id, b.orderId]);
    }
    if (b.stage !== undefined && b.stage !== g.stage) {
      if (b.stage === 'completed') {
        const settled = await settle({ ...g, order_id: b.orderId ?? g.order_id });
        if (settled.stage !== 'completed') throw new HttpError(409, 'not_paid', 'Die Gruppenbestellung ist noch nicht bezahlt.');
      } else {
        if (!canSetStage(g.stage, b.stage)) throw new HttpError(409, 'stage_not_allowed', 'Die Gruppenbestellung ist bereits abgeschlossen.');
        await ctx.db.query('UPDATE group_orders SET stage = $2, updated_at = now() WHERE id = $1', [g.id, b.stage]);
      }
    }
    return answer(c, (await loadGroup(ctx.db, g.shop_id, g.id))!);
  });

  app.post('/:shopId/group-order/:id/join', async (c) => {
    const g = await liveGroup(c);
    const b = validate(JoinBody, await readJson(c), 'invalid_body');
    checkName('own', b.userName);
    const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM group_members WHERE group_id = $1 AND user_id = $2', [g.id, b.userId]);
    if (!rows[0] && g.stage !== 'menu') throw new HttpError(409, 'group_closed', 'Der Gruppenleiter ist schon an der Kasse.');
    // one statement: a double click (or a second tab) joining at the same moment gets the same
    // member as the first, never a unique violation; a member who joins again keeps the id
    const joined = await ctx.db.query<{ id: string }>(
      `INSERT INTO group_members (id, group_id, user_id, name, status) VALUES ($1,$2,$3,$4,'menu')
       ON CONFLICT (group_id, user_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [newId(9), g.id, b.userId, b.userName],
    );
    return answer(c, g, { memberId: joined.rows[0].id }, 201);
  });

  app.post('/:shopId/group-order/:id/member/:memberId', async (c) => {
    const g = await liveGroup(c);
    const memberId = c.req.param('memberId');
    const b = validate(MemberBody, await readJson(c), 'invalid_body');
    const members = await loadMembers(ctx.db, g.id);
    const target = MEMBER_ID.test(memberId) ? members.find((m) => m.id === memberId) : undefined;
    if (!target) throw new HttpError(404, 'member_not_found', 'Dieses Gruppenmitglied gibt es nicht.');
    const self = target.user_id === b.userId;
    const byOwner = b.userId === g.owner_user_id;
    if (b.leave) {
      // a member leaves; the owner removes a member; the owner disbands instead of leaving
      if (!self && !byOwner) throw notMember();
      if (target.is_owner) throw new HttpError(409, 'owner_cannot_leave', 'Der Gruppenleiter kann die Gruppe nur auflösen.');
      await ctx.db.query('DELETE FROM group_members WHERE id = $1', [target.id]);
      return c.json({ ok: true, left: target.id });
    }
    if (!self) throw notMember();
    if (b.name !== undefined) {
      checkName('own', b.name);
      await ctx.db.query('UPDATE group_members SET name = $2 WHERE id = $1', [target.id, b.name]);
    }
    if (b.status !== undefined && !target.is_owner) await ctx.db.query('UPDATE group_members SET status = $2 WHERE id = $1', [target.id, b.status]);
    if (b.cart !== undefined) {
      if (g.stage !== 'menu') throw new HttpError(409, 'group_closed', 'Der Gruppenleiter ist schon an der Kasse.');
      let raw: unknown = b.cart;
      if (typeof raw === 'string') {
        try {
          raw = JSON.parse(raw);
        } catch {
          throw new HttpError(400, 'invalid_body', 'cart: expected JSON text');
        }
      }
      const obj = (raw && typeof raw === 'object' ? raw : {}) as { items?: unknown; confirmedTwoForOnePromotions?: unknown };
      if (Array.isArray(obj.items) && obj.items.length > 100) throw new HttpError(400, 'invalid_body', 'cart: expected at most 100 lines');
      const shop = await getShop(ctx, g.shop_id);
      const pctx = await pricingCtx(c, g.shop_id, g.is_pickup);
      // every line again from the catalog: unknown lines drop, prices are the server's
      const restored = restoreCart(shop.catalog, Array.isArray(obj.items) ? obj.items : [], { ctx: pctx, hiddenTags: shop.config.hiddenTags });
      const confirmed = target.is_owner && Array.isArray(obj.confirmedTwoForOnePromotions)
        ? obj.confirmedTwoForOnePromotions.filter((x): x is string => typeof x === 'string').slice(0, 50) : [];
      const total = priceOrder({ catalog: shop.catalog, items: restored.items, ctx: pctx, coupon: null, selectedFreeItems: [], twoForOneStatus: Object.fromEntries(confirmed.map((k) => [k, 'confirmed' as const])), delivery: null }).subtotal;
      const cart = { total, items: restored.items, confirmedTwoForOnePromotions: confirmed };
      await ctx.db.query('UPDATE group_members SET cart = $2 WHERE id = $1', [target.id, JSON.stringify(cart)]);
    }
    return answer(c, (await loadGroup(ctx.db, g.shop_id, g.id))!);
  });

  return app;
}

// The one place the staff code reads a shop (the shop repository may make getShop async).
import type { Catalog, ShopConfig } from '@shared/domain';
import { getShop, type ServerContext } from '../context';

export async function staffShop(ctx: ServerContext, shopId: string): Promise<{ config: ShopConfig; catalog: Catalog }> {
  return getShop(ctx, shopId);
}

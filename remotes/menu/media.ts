// Media URLs: {host}/media/{shopId}/{imageId}/{width}x{height}.{webp|png|jpg}
// Image sizes.
import { createContext } from 'react';
import { getApiConfig, isApiConfigured, mediaUrl as apiMediaUrl } from '@shared/api';

export const IMAGE_SIZES = {
  dishList: [378, 192],
  dishListSmall: [288, 192],
  dishDetail: [397, 264],
  category: [138, 138],
  menu: [195, 195],
  deal: [195, 195],
} as const satisfies Record<string, readonly [number, number]>;

export type ImageKind = keyof typeof IMAGE_SIZES;

/** The pictures' origin when rendering away from the page (the server's pre-render); null: mediaHost(). */
export const MediaOrigin = createContext<string | null>(null);

export function mediaHost(): string {
  if (isApiConfigured()) return getApiConfig().origin;
  return typeof location !== 'undefined' ? location.origin : '';
}

/** A picture of `shopId` (the URL scheme is @shared/api's mediaUrl). */
export function mediaUrl(shopId: string, imageId: string, width: number, height: number, ext: 'webp' | 'png' | 'jpg', host = mediaHost()): string {
  return apiMediaUrl(imageId, width, height, ext, { origin: host, shopId });
}

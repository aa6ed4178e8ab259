import { useContext } from 'react';
import type { Offer } from '@shared/domain';
import { formatEuro } from '@shared/i18n';
import { TAG_NAMES } from '../texts';
import { IMAGE_SIZES, MediaOrigin, mediaHost, mediaUrl, type ImageKind } from '../media';

/** webp with a jpg fallback; the dish list picture has a smaller variant below sm (600 px). */
export function Picture({ shopId, imageId, kind, alt = '', className, eager = false }: { shopId: string; imageId: string; kind: ImageKind; alt?: string; className?: string; eager?: boolean }) {
  const host = useContext(MediaOrigin) ?? mediaHost();
  const [w, h] = IMAGE_SIZES[kind];
  const small = kind === 'dishList' ? IMAGE_SIZES.dishListSmall : null;
  return (
    <picture className={className}>
      {small && <source type="image/webp" media="(max-width: 599px)" srcSet={mediaUrl(shopId, imageId, small[0], small[1], 'webp', host)} />}
      {small && <source type="image/jpeg" media="(max-width: 599px)" srcSet={mediaUrl(shopId, imageId, small[0], small[1], 'jpg', host)} />}
      <source type="image/webp" srcSet={mediaUrl(shopId, imageId, w, h, 'webp', host)} />
      <img src={mediaUrl(shopId, imageId, w, h, 'jpg', host)} width={w} height={h} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" />
    </picture>
  );
}

export function TagList({ tags, className = 'menu-tags' }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={className} aria-label="Merkmale">
      {tags.map((t) => (
        <li key={t} className={`menu-tag menu-tag--${t}`}>
          {TAG_NAMES[t] ?? t}
        </li>
      ))}
    </ul>
  );
}

/** The big line of an offer (banner in the list and the offer dialog). */
export function offerHeadline(o: Offer): string {
  if (o.offerType === 'cartDiscount') return o.discountType === 'percent' ? `${o.value} %` : formatEuro(o.value);
  return o.title;
}

// The franchise map: Leaflet, 180 px high, not interactive
// (no drag, no zoom), tiles from the shop's own /osm/tile endpoint (max zoom 19) with the map-data
// attribution. Home marker in the accent colour, shop markers in the primary colour, the
// highlighted shop larger with a white dot. Markers are focusable buttons: click, Space or Enter
// selects the shop. Leaflet and its CSS load only when a map is shown (their own chunk).
import { useEffect, useRef, useState } from 'react';
import type * as Leaflet from 'leaflet';
import { tileUrlTemplate } from '@shared/checkout';
import { INFO_DIALOG_TEXT } from '@shared/checkout';

export interface MapShop {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

export interface FranchiseMapProps {
  shops: MapShop[];
  home?: { latitude: number; longitude: number } | null;
  highlighted?: string | null;
  onSelect?: (shopId: string) => void;
  /** accessible name of the map */
  label?: string;
}

export const MAP_HEIGHT_PX = 180;
export const TILE_MAX_ZOOM = 19;
/** fitBounds padding: 130 px above, 65 px at the sides */
export const MAP_PADDING = { top: 130, side: 65 } as const;

type LeafletModule = typeof Leaflet;
let leafletPromise: Promise<{ L: LeafletModule; css: string }> | null = null;

function loadLeaflet() {
  leafletPromise ??= Promise.all([
    import(/* webpackChunkName: "leaflet" */ 'leaflet'),
    import(/* webpackChunkName: "leaflet" */ 'leaflet/dist/leaflet.css?raw'),
  ]).then(([l, css]) => ({ L: ((l as { default?: LeafletModule }).default ?? l) as LeafletModule, css: css.default }));
  return leafletPromise;
}

const sheets = new WeakMap<object, CSSStyleSheet>();

/** Leaflet's CSS as a constructable stylesheet of the root the map lives in (a shadow root). */
function adoptLeafletCss(el: HTMLElement, css: string): void {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot) || typeof CSSStyleSheet === 'undefined') return;
  if (sheets.has(root)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css + MAP_CSS);
  sheets.set(root, sheet);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

const MAP_CSS = `
.tl-map{height:${MAP_HEIGHT_PX}px;width:100%;border-radius:var(--tl-radius,8px);overflow:hidden;background:#e8eef2;margin:.5rem 0}
.tl-marker{position:relative;display:block;width:100%;height:100%;box-sizing:border-box;border:2px solid #fff;padding:0;border-radius:50% 50% 50% 0;transform:rotate(-45deg);box-shadow:0 1px 3px rgba(0,0,0,.5);cursor:pointer}
.tl-marker--home{background:var(--tl-accent,#1f6feb)}
.tl-marker--shop{background:var(--tl-primary,#b1361e)}
.tl-marker--active::after{content:'';position:absolute;left:50%;top:50%;width:40%;height:40%;margin:-20% 0 0 -20%;border-radius:50%;background:#fff}
.leaflet-marker-icon.tl-marker-wrap:focus-visible{outline:3px solid var(--tl-accent,#1f6feb);outline-offset:2px}
`;

function icon(L: LeafletModule, kind: 'home' | 'shop', active: boolean): Leaflet.DivIcon {
  const size = active ? 44 : kind === 'home' ? 28 : 30;
  return L.divIcon({
    className: 'tl-marker-wrap',
    // no style attribute: the shop's CSP blocks inline styles in markup; Leaflet sizes the wrapper
    html: `<span class="tl-marker tl-marker--${kind}${active ? ' tl-marker--active' : ''}"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size],
  });
}

export function FranchiseMap({ shops, home = null, highlighted = null, onSelect, label = INFO_DIALOG_TEXT.mapLabel }: FranchiseMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const map = useRef<Leaflet.Map | null>(null);
  const layer = useRef<Leaflet.LayerGroup | null>(null);
  const [lib, setLib] = useState<LeafletModule | null>(null);
  // the effect below follows the home's coordinates, not the identity of the object passed in
  const homeLat = home?.latitude;
  const homeLng = home?.longitude;
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    let alive = true;
    void loadLeaflet().then(({ L, css }) => {
      if (!alive || !ref.current) return;
      adoptLeafletCss(ref.current, css);
      const m = L.map(ref.current, {
        dragging: false,
        touchZoom: false,
        doubleClickZoom: false,
        scrollWheelZoom: false,
        boxZoom: false,
        keyboard: false,
        zoomControl: false,
        zoomSnap: 0.1,
        attributionControl: true,
      });
      m.attributionControl.setPrefix(false);
      L.tileLayer(tileUrlTemplate(), { maxZoom: TILE_MAX_ZOOM, attribution: INFO_DIALOG_TEXT.mapAttribution }).addTo(m);
      map.current = m;
      layer.current = L.layerGroup().addTo(m);
      setLib(L);
    });
    return () => {
      alive = false;
      map.current?.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const L = lib;
    const m = map.current;
    const group = layer.current;
    if (!L || !m || !group) return;
    // markers are drawn anew on every change: a focused one gets its focus back
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const active = root?.activeElement as HTMLElement | null | undefined;
    const refocus = active && ref.current?.contains(active) ? (active.dataset.marker ?? null) : null;
    group.clearLayers();
    const points: Leaflet.LatLngExpression[] = [];
    const hasHome = Number.isFinite(homeLat) && Number.isFinite(homeLng);
    if (hasHome) points.push([homeLat!, homeLng!]);
    const placed = shops.filter((s) => Number.isFinite(s.latitude) && Number.isFinite(s.longitude));
    for (const s of placed) points.push([s.latitude, s.longitude]);
    if (points.length === 0) return;
    // The view first: Leaflet adds markers to a map without a view only once it has one (its
    // 'load'), so their elements would not exist yet to be named below.
    m.invalidateSize();
    m.fitBounds(L.latLngBounds(points), {
      paddingTopLeft: [MAP_PADDING.side, MAP_PADDING.top],
      paddingBottomRight: [MAP_PADDING.side, 0],
      maxZoom: 16,
      animate: false,
    });
    if (hasHome) {
      // above every shop marker (also the highlighted one next door): the guest finds themselves;
      // not interactive, so a tap goes through to the shop marker below
      const marker = L.marker([homeLat!, homeLng!], { icon: icon(L, 'home', false), keyboard: false, interactive: false, zIndexOffset: 2000 });
      marker.addTo(group);
      const el = marker.getElement();
      el?.setAttribute('role', 'img');
      el?.setAttribute('aria-label', INFO_DIALOG_TEXT.homeMarker);
      // the fit has no room below: a home on the lower or a side edge would be
      // cut off by its turned tip and shadow; the view moves by what sticks out
      const pin = el?.querySelector('.tl-marker')?.getBoundingClientRect();
      const box = m.getContainer().getBoundingClientRect();
      if (pin && box.height > 0) {
        const dy = Math.max(0, pin.bottom + 3 - box.bottom);
        const dx = Math.max(0, pin.right + 3 - box.right) - Math.max(0, box.left - pin.left + 3);
        if (dx || dy) m.panBy([dx, dy], { animate: false });
      }
    }
    const selectable = !!select.current;
    for (const s of placed) {
      const active = s.id === highlighted;
      const marker = L.marker([s.latitude, s.longitude], { icon: icon(L, 'shop', active), keyboard: selectable, interactive: selectable, zIndexOffset: active ? 1000 : 0 });
      if (selectable) marker.on('click', () => select.current?.(s.id));
      marker.addTo(group);
      const el = marker.getElement();
      if (!el) continue;
      el.dataset.marker = s.id;
      if (!selectable) {
        el.setAttribute('role', 'img');
        el.setAttribute('aria-label', s.name);
        el.removeAttribute('tabindex');
        continue;
      }
      el.setAttribute('role', 'button');
      el.setAttribute('aria-label', INFO_DIALOG_TEXT.shopMarker(s.name));
      el.setAttribute('aria-pressed', String(active));
      el.tabIndex = 0;
      if (refocus === s.id) el.focus({ preventScroll: true });
      el.addEventListener('keydown', (e) => {
        if (e.key === ' ' || e.key === 'Enter') {
          e.preventDefault();
          e.stopPropagation();
          select.current?.(s.id);
        }
      });
    }
  }, [lib, shops, homeLat, homeLng, highlighted]);

  return <div ref={ref} className="tl-map" role="region" aria-label={label} data-map="franchise" />;
}

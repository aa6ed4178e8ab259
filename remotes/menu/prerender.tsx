// The menu's first view rendered on the server (GET /api/shop/{shopId}/menu-view): the loader stub
// shows it in the widget's shadow root while the runtime downloads, and the live widget takes its
// place or hydrates it (shared/widget/prerender.ts). The same view component and prices as in the
// browser, for the shop's automatic delivery type at the shop's time; the first MAX_DISHES dishes.
// `renderToString`, not static markup: its text separators let React hydrate the tree.
// Only the server imports this file.
import { renderToString } from 'react-dom/server';
import type { Bootstrap } from '@shared/domain';
import { HOST_CSS, PRERENDER_ATTR, holdPictures } from '@shared/widget/prerender';
import { escapeHtml } from '@shared/widget/html';
import { remToPx } from '@shared/widget/mount';
import { MenuView } from './components/MenuView';
import { FIRST_SCREEN_DISHES, firstViewContext, firstViewKey } from './firstScreen';
import { MediaOrigin } from './media';
import { menuCss } from './styles';

/** The first dishes (below the navigation, filters, deals and menus: the first screens); the rest comes with the live widget. */
export const MAX_DISHES = FIRST_SCREEN_DISHES;

const noop = () => undefined;

/**
 * `<style>` (host and menu CSS) and the pre-rendered tree, as the stub expects them. `preload`:
 * the files of the live widget's first chunk (absolute URLs), named as `<link rel=preload>` at the
 * end of the tree, so they download while the runtime is still on its way and leave with the tree;
 * `catalogUrl` likewise, the live widget's catalog (`as=fetch crossorigin`: what its fetch asks).
 */
export function renderMenuFirstView(b: Bootstrap, mediaOrigin: string, maxDishes = MAX_DISHES, preload: readonly string[] = [], catalogUrl: string | null = null): string {
  const { config, catalog } = b;
  const ctx = firstViewContext(b);
  const view = renderToString(
    <MediaOrigin.Provider value={mediaOrigin}>
      <div className="menu-root">
        {/* the live menu's notice slot (MenuWidget.tsx), empty: the take-over matches taps and typed text by child paths */}
        <div role="status" className="menu-notice-slot" />
        <MenuView
          catalog={catalog} config={config} ctx={ctx} showPictures={config.flags.enableDishPictures} showNumbers={config.flags.showDishNumbers}
          filters={[]} query="" maxDishes={maxDishes}
          onFilters={noop} onQuery={noop} onScroll={noop} onDish={noop} onInfo={noop} onMenu={noop} onOffer={noop}
        />
      </div>
    </MediaOrigin.Provider>,
  );
  // (last in the tree: the child paths the take-over matches by stay the live view's)
  const links =
    preload.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`).join('') +
    (catalogUrl ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(catalogUrl)}">` : '');
  // the key: what the live widget compares before it hydrates (firstScreen.ts); a view cut short is never hydrated
  const key = maxDishes === MAX_DISHES ? firstViewKey(b, mediaOrigin) : '';
  // (the pictures wait for the live widget: holdPictures; none of them is what the guest reads first)
  const tree = `<div ${PRERENDER_ATTR}="${escapeHtml(key)}" class="tl-root tl-menu">${holdPictures(view)}${links}</div>`;
  // `</` cannot end the style early: the CSS is ours and holds no `</style`
  return `<style>${usedCss(`${HOST_CSS}\n${remToPx(menuCss)}`, tree)}</style>${tree}`;
}


/** The top-level blocks of a style sheet: [prelude, body] (comments removed). */
function blocks(css: string): [string, string][] {
  const out: [string, string][] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{' && depth++ === 0) open = i;
    else if (css[i] === '}' && --depth === 0) {
      out.push([css.slice(start, open).trim(), css.slice(open + 1, i)]);
      start = i + 1;
    }
  }
  return out;
}

/**
 * The rules of `css` that can match in `html`: a rule stays when one of its selectors names only
 * classes the markup uses (rules without classes, e.g. `:host`, and other at-rules always stay).
 * Our own CSS only: flat rules and @media / @container blocks, no braces in strings.
 */
export function usedCss(css: string, html: string): string {
  const classes = new Set<string>();
  for (const m of html.matchAll(/class="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) classes.add(c);
  const used = (selectors: string) => selectors.split(',').some((sel) => [...sel.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => classes.has(m[1])));
  const keep = ([prelude, body]: [string, string]): string => {
    if (/^@(media|container)\b/.test(prelude)) {
      const inner = blocks(body).map(keep).join('');
      return inner ? `${prelude}{${inner}}` : '';
    }
    return prelude.startsWith('@') || used(prelude) ? `${prelude}{${body.trim()}}` : '';
  };
  return blocks(css.replace(/\/\*[\s\S]*?\*\//g, '')).map(keep).join('');
}

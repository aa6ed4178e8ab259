// The host-page suite's pages (tests/hosts/pages/*.html): each a small restaurant page that
// reproduces one hazard a real website brings, plus pages built on CSS frameworks from
// npm. The pages are plain HTML; `__SHOP_ORIGIN__` is the shop server's origin and
// `__FRAME_ORIGIN__` a second origin for a framed page. Any driver can serve them (the Chromium run,
// tests/e2e/hosts.spec.ts, routes them inside the browser) and run the checks named here:
//
// every page, at 390 px and 1280 px wide:
//   - box:      the menu's box lies inside its parent's ([data-tl-box]); the page has no sideways scroll
//   - add:      the first dish's '+' can be tapped (nothing lies over it) and the cart grows
//   - checkout: 'ZUR KASSE' brings the page's checkout to the top of the window, below the page's
//               sticky header ([data-tl-sticky]); the address field 'Straße' lies in the visible window
//   - bar:      on a phone, the cart's bar at the bottom does not cover the page's footer at the page's end
//   - console:  no error on the console, no uncaught exception
// and the extra checks of `extra`.

export type ExtraCheck =
  /** headings, the search field and the dialogs' radios keep their light colours on a dark page */
  | 'light-colours'
  /** the checkout in a 340 px sidebar lays out as one column: no name or price broken up */
  | 'checkout-one-column'
  /** the menu's category bar sticks below the page's sticky header, not under it */
  | 'sticky-below-header'
  /** the dish dialog's 'IN DEN WARENKORB' lies in the visible window (the page frames the shop) */
  | 'dialog-in-visible-part'
  /** the shop data's theme colours the widgets' buttons */
  | 'theme'
  /** the loader's Trusted Types policy makes script URLs only below its own folder */
  | 'policy-own-folder';

export interface HostPage {
  /** file name in tests/hosts/pages/ (the page opened) */
  file: string;
  /** the hazard, for the test's name */
  hazard: string;
  /** the widgets sit in a frame served from `__FRAME_ORIGIN__` (this file) */
  frame?: string;
  /** files from node_modules the page links: its path on the page's origin → the package file (the first that exists) */
  vendor?: Record<string, string[]>;
  /** the shop data's theme the page is checked with (served in place of the demo shop's) */
  theme?: Record<string, string>;
  extra?: ExtraCheck[];
}

/** The theme the theme page is served with, and the colour its buttons must then show. */
export const TEST_THEME = { '--tl-primary': '#1f4e79' };
export const TEST_THEME_RGB = 'rgb(31, 78, 121)';

export const HOST_PAGES: HostPage[] = [
  { file: 'grid-flex.html', hazard: 'grid and flex columns without min-width: 0' },
  { file: 'wordpress.html', hazard: 'a WordPress block theme (flex columns, 20 px root font)' },
  { file: 'smooth-scroll.html', hazard: 'scroll-behavior: smooth and Bootstrap 5 reboot rules' },
  { file: 'dark.html', hazard: 'a dark page (color-scheme: dark)', extra: ['light-colours'] },
  { file: 'sidebar-checkout.html', hazard: 'the checkout in a 340 px sidebar', extra: ['checkout-one-column'] },
  { file: 'sticky-header.html', hazard: 'a 72 px sticky header (data-sticky-top)', extra: ['sticky-below-header'] },
  { file: 'iframe-host.html', hazard: 'a frame taller than the window', frame: 'iframe-inner.html', extra: ['dialog-in-visible-part'] },
  { file: 'theme.html', hazard: "the shop data's theme", theme: TEST_THEME, extra: ['theme'] },
  {
    file: 'bootstrap5.html',
    hazard: 'Bootstrap 5 from npm (sticky navbar, --tl-sticky-top on the elements)',
    vendor: { '/vendor/bootstrap.min.css': ['bootstrap/dist/css/bootstrap.min.css'] },
    extra: ['sticky-below-header'],
  },
  {
    file: 'tailwind.html',
    hazard: "Tailwind's preflight from npm",
    vendor: { '/vendor/tailwind-preflight.css': ['tailwindcss/preflight.css', 'tailwindcss/src/css/preflight.css'] },
  },
  {
    file: 'mootools.html',
    hazard: 'MooTools 1.5 from npm (an older Joomla site: Array.from and other natives replaced)',
    vendor: { '/vendor/mootools.js': ['mootools/lib/mootools-core-1.5.2-server.js'] },
  },
  { file: 'object-prototype.html', hazard: 'enumerable properties on Object.prototype' },
  { file: 'trusted-types.html', hazard: "Trusted Types (require-trusted-types-for 'script', policy tischlein allowed)", extra: ['policy-own-folder'] },
  { file: 'strict-csp.html', hazard: "a strict Content-Security-Policy (no data: pictures, no inline styles, the shop's origin allowed)" },
];

/** Where the widgets keep the cart on the page (localStorage), and the cart every page starts with. */
export const CART_KEY = 'tischlein:cart:demo';
/** a cart above every minimum order value (12,90 €), stored before the page loads: 'ZUR KASSE' is open */
export const START_CART = [
  { kind: 'dish', lineId: 'h1', dishId: 'panna-cotta', sizeId: null, memberName: null, amount: 2, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] },
  { kind: 'dish', lineId: 'h2', dishId: 'gelato', sizeId: null, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] },
];

/** The widths every page is checked at (a phone, a desktop), with the window's height. */
export const HOST_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

import { uiCss } from '@shared/ui';

export const menuCss = `${uiCss}
.menu-category{margin:0 0 1.5rem}
.menu-category h2{font-size:1.25rem;margin:0 0 .5rem}
.menu-dishes{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.menu-dish{display:flex;justify-content:space-between;gap:1rem;padding:.75rem;border:1px solid #ddd;border-radius:8px;background:#fff}
.menu-dish h3{font-size:1rem;margin:0}
.menu-dish p{margin:.25rem 0 0;color:#555;font-size:.9rem}
`;

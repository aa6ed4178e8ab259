import { uiCss } from '@shared/ui';

export const cartCss = `${uiCss}
.cart{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem}
.cart h2{font-size:1.1rem;margin:0 0 .5rem}
.cart ul{list-style:none;margin:0;padding:0}
.cart li{display:flex;justify-content:space-between;gap:.5rem;padding:.25rem 0}
`;

import { uiCss } from '@shared/ui';

export const tableCss = `${uiCss}
.box{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}
.box h2{font-size:1.1rem;margin:0 0 .5rem}
.toggle{display:flex;gap:.5rem}
`;

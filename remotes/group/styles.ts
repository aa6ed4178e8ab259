import { uiCss } from '@shared/ui';

export const groupCss = `${uiCss}
.box{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem;min-width:0}
.box h2{font-size:1.1rem;margin:0 0 .5rem;overflow-wrap:anywhere}
.box h3{font-size:1rem;margin:1rem 0 .5rem}
.grp p{margin:.25rem 0 .75rem}
.grp-steps{padding-left:1.25rem;margin:0 0 1rem}
.grp-steps li{margin:.25rem 0}
.grp-footnote{font-size:.85rem;color:#555;margin:.25rem 0}
.grp-field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
.grp-field label,.grp-invite label{font-weight:600}
.grp-field input,.grp-invite input{min-height:44px;padding:.5rem .75rem;border:1px solid #888;border-radius:6px;font:inherit;width:100%;box-sizing:border-box;min-width:0}
.grp-error{color:#a40000;margin:0;font-size:.9rem}
.grp-invite{display:flex;flex-direction:column;gap:.5rem;margin:0 0 .5rem}
.grp-row{display:flex;flex-wrap:wrap;gap:.5rem}
.grp-members,.grp-lines,.grp-info-members{list-style:none;margin:0;padding:0}
.grp-members>li{border-top:1px solid #eee;padding:.5rem 0}
.grp-member-head{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.grp-member-head strong{overflow-wrap:anywhere}
.grp-total{margin-left:auto;font-variant-numeric:tabular-nums}
.grp-badge{font-size:.8rem;padding:.1rem .5rem;border-radius:999px;background:#eee;color:#333}
.grp-badge--ready{background:#1b6e2a;color:#fff}
.grp-lines{font-size:.9rem;color:#333;padding-left:.5rem}
.grp-muted{color:#555;font-size:.9rem;margin:.25rem 0}
.grp-sum{display:flex;justify-content:space-between;border-top:1px solid #ddd;padding-top:.5rem}
.grp-actions{display:flex;flex-direction:column;gap:.5rem;margin-top:.75rem}
.grp-info-members li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding:.5rem 0;border-bottom:1px solid #eee}
.grp-bubble{margin:.75rem 0 0;padding:.75rem;border-radius:8px;background:#fff6d8;border:1px solid #e0c060}
.grp-reminder{padding:.5rem .75rem;border-left:4px solid #b1361e;background:#fbeee9}
.grp-holding{display:flex;flex-direction:column;align-items:center;gap:.5rem;text-align:center}
.grp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

// The dialogs' CSS: the dialog adopts it into its widget's shadow root when it first opens (before
// the widget's own CSS, so a widget's rules for its dialogs win), so no widget carries it before.
export const dialogCss = `
.tl-dialog{padding:0;border:0;border-radius:var(--tl-radius,8px);max-width:min(40rem,calc(100vw - 2rem));width:100%;max-height:calc(100dvh - 2rem);background:var(--tl-bg,#fff);color:var(--tl-fg,#222);box-shadow:0 10px 40px rgba(0,0,0,.3);animation:tl-dialog-in .3s ease-out}
.tl-dialog:not([open]){display:none}
.tl-dialog::backdrop{background:rgba(0,0,0,.5);animation:tl-fade-in .3s ease-out}
.tl-dialog__panel{display:flex;flex-direction:column;max-height:inherit}
.tl-dialog__header{display:flex;align-items:flex-start;gap:.5rem;padding:1rem 1rem .5rem 1.25rem}
.tl-dialog__title{flex:1;min-width:0;margin:0;overflow-wrap:break-word;hyphens:auto;font-size:1.25rem;line-height:1.3;text-transform:uppercase;letter-spacing:.02em}
.tl-dialog__subheader{padding:0 1.25rem .5rem;color:var(--tl-muted,#555)}
.tl-dialog__body{padding:.5rem 1.25rem 1rem;overflow:auto;flex:1 1 auto}
.tl-dialog__footer{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.5rem;padding:.75rem 1.25rem 1rem;border-top:1px solid var(--tl-border,#e5e5e5)}
.tl-dialog__close{margin:-.5rem -.5rem 0 0;font-size:1.5rem;line-height:1}
.tl-dialog--shake{animation:tl-shake .3s ease-in-out}
@keyframes tl-dialog-in{from{opacity:0;transform:translateY(1rem)}to{opacity:1;transform:none}}
@keyframes tl-fade-in{from{opacity:0}to{opacity:1}}
@keyframes tl-shake{0%,100%{transform:translateX(0)}20%,60%{transform:translateX(-8px)}40%,80%{transform:translateX(8px)}}
/* below sm (600 px): a full-screen sheet; the body scrolls, header and footer stay */
@media (max-width:599.98px){
.tl-dialog{width:100%;max-width:100%;height:100dvh;max-height:100dvh;margin:0;border-radius:0}
.tl-dialog__panel{height:100%}
.tl-dialog__header{padding:.5rem .5rem .5rem 1rem;align-items:center}
.tl-dialog__close{margin:0}
.tl-dialog__subheader{padding:0 1rem .5rem}
.tl-dialog__body{padding:.5rem 1rem 1rem}
.tl-dialog__footer{padding:.75rem 1rem calc(.75rem + env(safe-area-inset-bottom,0px))}
}
.tl-dialog__message{margin:0;white-space:pre-line}
/* in a frame taller than the window: within the part the guest sees (Dialog.tsx keepInVisiblePart) */
.tl-dialog[data-tl-framed]{inset-block:var(--tl-frame-top) var(--tl-frame-bottom);max-height:calc(var(--tl-frame-h) - 2rem)}
@media (max-width:599.98px){.tl-dialog[data-tl-framed]{height:var(--tl-frame-h);max-height:var(--tl-frame-h)}}
`;

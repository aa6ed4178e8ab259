// 'Vorschau': the draft in the shop's real widgets (GET …/menu/preview, shell/preview.tsx), full
// screen in a modal dialog above the editor. Full screen, because a frame inside the scrolling
// editor scrolled twice (the frame and the page): a note the preview shows at its top could end
// up under the editor's sticky toolbar. Escape or 'Vorschau schließen' closes it; the browser
// gives the focus back to the 'Vorschau' button.
import { useEffect, useRef } from 'react';
import { Button } from '@shared/ui';
import { EDITOR_TEXTS as T } from './texts';

export function PreviewDialog({ url, onClose }: { url: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d || d.open) return;
    // (jsdom has no showModal)
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);
  const close = () => {
    const d = ref.current;
    if (d?.open && typeof d.close === 'function') d.close();
    else onClose();
  };
  return (
    <dialog ref={ref} className="me-preview" aria-labelledby="me-preview-title" onClose={onClose}>
      <div className="me-preview-bar">
        <h3 id="me-preview-title">{T.previewTitle}</h3>
        <Button variant="secondary" onClick={close}>
          {T.closePreview}
        </Button>
      </div>
      <iframe title={T.previewTitle} src={url} />
    </dialog>
  );
}

import { useEffect, useState } from 'react';

// Several instances of one widget on a page (two cart buttons, two address fields): page-wide
// dialogs (cart problems, the franchise chooser) must show once. Each kind keeps a list of its
// mounted instances; the first one shows them.
const registries = new Map<string, { next: number; ids: number[]; listeners: Set<() => void> }>();

function registry(kind: string) {
  let r = registries.get(kind);
  if (!r) {
    r = { next: 0, ids: [], listeners: new Set() };
    registries.set(kind, r);
  }
  return r;
}

/** True for the first mounted instance of `kind` on the page. */
export function useFirstInstance(kind: string): boolean {
  const r = registry(kind);
  const [id] = useState(() => ++r.next);
  const [, rerender] = useState(0);
  useEffect(() => {
    const notify = () => rerender((n) => n + 1);
    r.listeners.add(notify);
    r.ids = [...r.ids, id];
    r.listeners.forEach((l) => l());
    return () => {
      r.listeners.delete(notify);
      r.ids = r.ids.filter((i) => i !== id);
      r.listeners.forEach((l) => l());
    };
  }, [r, id]);
  return r.ids[0] === id;
}

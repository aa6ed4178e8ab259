// Field paths of a checked document: `dishes[3].prices[0].price`, as the import names a broken
// field and as the menu editor finds the field that shows the message.

export type PathItem = { key?: unknown };

/** `shops[0].catalog.dishes[3].prices[0].price` from a valibot issue path */
export function formatPath(path: readonly PathItem[] | undefined): string {
  let out = '';
  for (const item of path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(root)';
}

/** `a.b[2]` + `c` → `a.b[2].c`; an empty base leaves the path as it is */
export function joinPath(base: string, path: string): string {
  if (!base) return path;
  return path.startsWith('[') ? `${base}${path}` : `${base}.${path}`;
}

// 'Speisekarte' (owner): the draft of the shop's catalog, edited here and kept in this page until
// saved — a refused save (a field's message, another device's change, no connection) loses nothing.
// The shared checks run before anything is sent; the server checks again with the same code.
// 'Veröffentlichen' saves, then publishes the draft as the next catalog version.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Catalog } from '@shared/domain';
import { checkCatalogDocument, MENU_EDIT_TEXTS } from '@shared/menuedit';
import { Button } from '@shared/ui';
import { adoptStyles } from '@shared/widget';
import { menuApi, MenuApiError, type DraftAnswer } from './api';
import { CategoryList } from './CategoryList';
import { DishForm } from './DishForm';
import { ProblemsContext, type Problems } from './fields';
import { newDish } from './model';
import { PreviewDialog } from './Preview';
import { Areas, areaOfPath, areasCss, type Area } from './promotions/Areas';
import { editorCss } from './styles';
import { EDITOR_TEXTS as T } from './texts';
import { Versions } from './Versions';
import { setLeaveWarning } from '../leaveGuard';

/** The section's props (remotes/inbox/sections.ts SectionProps: this file uses the shop id) */
export interface MenuEditorProps {
  shopId: string;
}

type Note = { kind: 'ok' | 'error'; text: string; reload?: boolean } | null;

export function MenuEditor({ shopId }: MenuEditorProps) {
  const api = useMemo(() => menuApi(shopId), [shopId]);
  const styleRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (styleRef.current) adoptStyles(styleRef.current, 'menu-editor', editorCss + areasCss);
  }, []);

  const [server, setServer] = useState<DraftAnswer | null>(null);
  const [doc, setDoc] = useState<Catalog | null>(null);
  const [dirty, setDirty] = useState(false);
  /** remounts the typed fields after a load (their text starts from the loaded amounts) */
  const [generation, setGeneration] = useState(0);
  const [checkProblems, setCheckProblems] = useState<Record<string, string>>({});
  const [inputProblems, setInputProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [category, setCategory] = useState(0);
  const [dish, setDish] = useState<number | null>(null);
  const [preview, setPreview] = useState(false);
  const [versionsKey, setVersionsKey] = useState(0);
  const [area, setArea] = useState<Area>('dishes');

  const load = useCallback(async () => {
    try {
      const d = await api.draft();
      setServer(d);
      setDoc(d.catalog);
      setDirty(false);
      setCheckProblems({});
      setInputProblems({});
      setGeneration((g) => g + 1);
    } catch (e) {
      setNote({ kind: 'error', text: (e as Error).message });
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = T.leave;
    };
    addEventListener('beforeunload', warn);
    // and the staff app's own links ask too (remotes/inbox/leaveGuard.ts)
    setLeaveWarning(T.leaveQuestion);
    return () => {
      removeEventListener('beforeunload', warn);
      setLeaveWarning(null);
    };
  }, [dirty]);

  const problems: Problems = useMemo(
    () => ({
      at: (path) => inputProblems[path] ?? checkProblems[path],
      setInput: (path, message) =>
        setInputProblems((old) => {
          if ((old[path] ?? null) === message) return old;
          const next = { ...old };
          if (message === null) delete next[path];
          else next[path] = message;
          return next;
        }),
      clearUnder: (prefix) => {
        const keep = (o: Record<string, string>) => {
          const next = Object.fromEntries(Object.entries(o).filter(([k]) => !(k === prefix || k.startsWith(`${prefix}.`) || k.startsWith(`${prefix}[`))));
          return Object.keys(next).length === Object.keys(o).length ? o : next;
        };
        setInputProblems(keep);
        setCheckProblems(keep);
      },
    }),
    [inputProblems, checkProblems],
  );

  // 'Bitte zuerst die markierten Felder korrigieren' goes once nothing is marked any more
  useEffect(() => {
    if (Object.keys(inputProblems).length === 0 && Object.keys(checkProblems).length === 0) setNote((n) => (n?.text === T.fixFirst ? null : n));
  }, [inputProblems, checkProblems]);

  const edit = useCallback((fn: (c: Catalog) => Catalog, touched?: string) => {
    setDoc((c) => (c ? fn(c) : c));
    setDirty(true);
    if (touched) setCheckProblems((old) => (touched in old ? Object.fromEntries(Object.entries(old).filter(([k]) => k !== touched)) : old));
  }, []);

  /** Focus the first field with a message (after a refused save) */
  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const root = styleRef.current;
      const bad = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
      bad?.focus();
    });

  const showProblems = (list: { path: string; message: string }[]) => {
    setCheckProblems(Object.fromEntries(list.map((x) => [x.path, x.message])));
    reveal(list.map((x) => x.path));
  };
  /** Opens the dish (and its category) of the first problem, so its field is on screen, and focuses it */
  const reveal = (paths: string[]) => {
    setArea(areaOfPath(paths[0]));
    // open the dish (and its category) of the first problem, so its field is on screen
    const first = paths.map((x) => /^dishes\[(\d+)\]/.exec(x)).find(Boolean);
    if (first && doc) {
      const index = Number(first[1]);
      const cat = doc.categories.findIndex((c) => c.id === doc.dishes[index]?.category);
      if (cat >= 0) setCategory(cat);
      setDish(index);
    } else {
      const c = paths.map((x) => /^categories\[(\d+)\]/.exec(x)).find(Boolean);
      if (c) setCategory(Number(c[1]));
    }
    focusFirstProblem();
  };

  /** Saves the draft; true when saved (or nothing to save) */
  const save = async (): Promise<boolean> => {
    if (!doc || !server) return false;
    if (Object.keys(inputProblems).length) {
      setNote({ kind: 'error', text: T.fixFirst });
      reveal(Object.keys(inputProblems));
      return false;
    }
    if (!dirty) return true;
    const checked = checkCatalogDocument(doc);
    if (!checked.ok) {
      setNote({ kind: 'error', text: T.fixFirst });
      showProblems(checked.problems.map((x) => ({ path: x.path, message: x.de })));
      return false;
    }
    try {
      const d = await api.save(server.revision, doc);
      setServer(d);
      setDirty(false);
      setCheckProblems({});
      setNote({ kind: 'ok', text: T.saved });
      return true;
    } catch (e) {
      if (e instanceof MenuApiError && e.problems.length) showProblems(e.problems);
      setNote({ kind: 'error', text: (e as Error).message, reload: e instanceof MenuApiError && e.status === 409 });
      return false;
    }
  };

  const run = async (kind: 'save' | 'publish') => {
    setBusy(kind);
    setNote(null);
    try {
      if (!(await save())) return;
      if (kind === 'publish') {
        const current = await api.draft();
        const r = await api.publish(current.revision);
        setServer({ ...current, changed: false, published: { version: r.version, label: r.label } });
        setNote({ kind: 'ok', text: r.unchanged ? T.unchanged : T.published(r.version) });
        setVersionsKey((k) => k + 1);
      }
    } catch (e) {
      if (e instanceof MenuApiError && e.problems.length) showProblems(e.problems);
      setNote({ kind: 'error', text: (e as Error).message, reload: e instanceof MenuApiError && e.status === 409 });
    } finally {
      setBusy(null);
    }
  };

  // back to the published menu: its version restored into the draft (unchanged for guests)
  const discard = async () => {
    if (!server || !confirm(T.discardConfirm)) return;
    try {
      await api.restore(server.published.version, server.revision);
      await load();
      setNote({ kind: 'ok', text: T.discarded });
    } catch (e) {
      setNote({ kind: 'error', text: (e as Error).message, reload: e instanceof MenuApiError && e.status === 409 });
    }
  };

  const openPreview = async () => {
    if (await save()) setPreview(true);
  };

  if (!doc || !server) {
    return (
      <div ref={styleRef} className="me">
        {note ? (
          <p className="me-note me-note--error" role="alert">
            {note.text}
          </p>
        ) : (
          <p className="loading">{T.loading}</p>
        )}
      </div>
    );
  }

  const cat = doc.categories[Math.min(category, doc.categories.length - 1)];
  const dishesOfCat = cat ? cat.dishes.map((id) => doc.dishes.findIndex((d) => d.id === id)).filter((i) => i >= 0) : [];
  const status = dirty ? T.unsaved : server.changed ? T.draftAhead : T.saved;

  return (
    <ProblemsContext.Provider value={problems}>
      <div ref={styleRef} className="me">
        <div className="me-toolbar">
          <p className={`me-status${dirty ? ' me-status--dirty' : ''}`} role="status">
            {status} <span className="me-version">({T.version(server.published.version)} {T.live})</span>
          </p>
          <div className="me-actions">
            <Button variant="secondary" loading={busy === 'save'} onClick={() => void run('save')}>
              {T.save}
            </Button>
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => void openPreview()}>
              {T.preview}
            </Button>
            {(dirty || server.changed) && (
              <Button variant="secondary" onClick={() => void discard()}>
                {T.discard}
              </Button>
            )}
            <Button loading={busy === 'publish'} onClick={() => void run('publish')}>
              {T.publish}
            </Button>
          </div>
        </div>
        {note && (
          <div className={`me-note me-note--${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'}>
            <p>{note.text}</p>
            {note.reload && (
              <Button variant="secondary" onClick={() => void load().then(() => setNote(null))}>
                {T.reload}
              </Button>
            )}
          </div>
        )}
        {preview && <PreviewDialog url={api.previewUrl(server.revision)} onClose={() => setPreview(false)} />}
        <Areas area={area} onArea={setArea} catalog={doc} edit={edit} shopId={shopId} key={`areas-${generation}`} dishes={
        <div className="me-cols">
          <CategoryList
            catalog={doc}
            selected={category}
            onSelect={(i) => {
              setCategory(i);
              setDish(null);
            }}
            edit={edit}
          />
          <section className="me-dishes" aria-labelledby="me-dishes-title">
            <h3 id="me-dishes-title">{cat ? T.dishesIn(cat.name || T.noName) : T.dish}</h3>
            {cat && (
              <>
                {dishesOfCat.length === 0 && <p>{T.noDishes}</p>}
                <ul className="me-dishlist">
                  {dishesOfCat.map((i) => (
                    <li key={doc.dishes[i].id}>
                      <button type="button" className="me-pick" aria-pressed={dish === i} onClick={() => setDish(i)}>
                        {doc.dishes[i].number ? `${doc.dishes[i].number} ` : ''}
                        {doc.dishes[i].name || T.noName}
                      </button>
                    </li>
                  ))}
                </ul>
                <Button
                  variant="secondary"
                  onClick={() => {
                    const r = newDish(doc, cat.id);
                    edit(() => r.catalog);
                    problems.setInput(`dishes[${r.index}].prices[0].price`, MENU_EDIT_TEXTS.priceMissing);
                    setDish(r.index);
                  }}
                >
                  {T.newDish}
                </Button>
              </>
            )}
            {dish !== null && doc.dishes[dish] ? (
              <DishForm
                key={doc.dishes[dish].id}
                api={api}
                catalog={doc}
                index={dish}
                edit={edit}
                onDeleted={() => {
                  // the other dishes' indexes moved: their fields start again from the draft
                  problems.clearUnder('dishes');
                  setGeneration((g) => g + 1);
                  setDish(null);
                }}
              />
            ) : (
              <p className="me-hint">{T.chooseDish}</p>
            )}
          </section>
        </div>
        } />
        <Versions
          key={`versions-${versionsKey}`}
          api={api}
          dirty={dirty}
          revision={server.revision}
          onRestored={async (text) => {
            await load();
            setNote({ kind: 'ok', text });
          }}
          onError={(text) => setNote({ kind: 'error', text })}
        />
      </div>
    </ProblemsContext.Provider>
  );
}

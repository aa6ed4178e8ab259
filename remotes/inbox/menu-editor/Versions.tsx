// 'Versionen': every published catalog version with date and who; an earlier one is restored by
// publishing its content again as a new version (docs/decisions.md), after a question.
import { useEffect, useState } from 'react';
import { Button } from '@shared/ui';
import type { MenuApi, VersionInfo } from './api';
import { EDITOR_TEXTS as T } from './texts';

const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

interface Props {
  api: MenuApi;
  dirty: boolean;
  revision: number;
  onRestored(text: string): Promise<void>;
  onError(text: string): void;
}

export function Versions({ api, dirty, revision, onRestored, onError }: Props) {
  const [list, setList] = useState<VersionInfo[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    api.versions().then((r) => live && setList(r.versions), (e: Error) => onError(e.message));
    return () => {
      live = false;
    };
  }, [api, onError]);

  const restore = async (v: number) => {
    const question = T.restoreConfirm(v) + (dirty ? `\n\n${T.leave}` : '');
    if (!confirm(question)) return;
    setBusy(v);
    try {
      const r = await api.restore(v, revision);
      await onRestored(T.restored(v, r.version));
      setList((await api.versions()).versions);
    } catch (e) {
      onError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="me-versions" aria-labelledby="me-versions-title">
      <h3 id="me-versions-title">{T.versions}</h3>
      {list && (
        <ol className="me-vlist" reversed>
          {list.map((v) => (
            <li key={v.version}>
              <span>
                <strong>{T.version(v.version)}</strong> – {when.format(new Date(v.createdAt))} {T.by(v.createdBy)}
                {v.published && <span className="me-badge me-badge--live"> ({T.live})</span>}
              </span>
              {!v.published && (
                <Button variant="secondary" loading={busy === v.version} aria-label={T.restoreLabel(v.version)} onClick={() => void restore(v.version)}>
                  {T.restore}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// The group order's info dialog (members and settings): rename the group (owner) and oneself, remove a
// member (owner, 'Gruppenmitglied Entfernen'), disband (owner, 'Gruppe Auflösen'), leave
// (member, 'Gruppe Verlassen') — each behind its confirmation.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $group, $groupMe, $isGroupOwner, disbandGroup, leaveGroup, removeMember, renameGroup, renameSelf, GROUP_TEXTS as T } from '@shared/group';
import { Button } from '@shared/ui';
import { ConfirmDialog, Dialog } from '@shared/dialog';
import { RenameDialog } from './dialogs';

type Confirm = { kind: 'leave' } | { kind: 'disband' } | { kind: 'remove'; id: string; name: string };

export function GroupMembersDialog({ onClose, onFailed }: { onClose: () => void; onFailed: () => void }) {
  const g = useStore($group);
  const me = useStore($groupMe);
  const owner = useStore($isGroupOwner);
  const [rename, setRename] = useState<'group' | 'own' | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  if (!g || !me) return null;

  const act = async (fn: () => Promise<void>, closeAll: boolean) => {
    setBusy(true);
    try {
      await fn();
      setConfirm(null);
      setRename(null);
      if (closeAll) onClose();
    } catch {
      setConfirm(null);
      setRename(null);
      onFailed();
    } finally {
      setBusy(false);
    }
  };

  const confirmText = confirm?.kind === 'leave' ? [T.leaveTitle, T.leaveText, T.leaveButton]
    : confirm?.kind === 'disband' ? [T.disbandTitle, T.disbandText, T.disbandButton]
    : confirm?.kind === 'remove' ? [T.removeTitle, T.removeText(confirm.name), T.removeButton(confirm.name)] : ['', '', ''];

  return (
    <>
      <Dialog open={!rename && !confirm} onClose={onClose} header={owner ? T.ownerInfoTitle : T.memberInfoTitle} subheader={g.name} className="grp-dialog">
        <ul className="grp-info-members">
          {g.members.map((m) => (
            <li key={m.id}>
              <span>
                {m.name}
                {m.id === me.id ? T.youSuffix : ''}
                {m.status === 'owner' ? ` – ${T.ownerLabel}` : ''}
              </span>
              {owner && m.id !== me.id && (
                <Button variant="secondary" onClick={() => setConfirm({ kind: 'remove', id: m.id, name: m.name })}>
                  {T.removeButton(m.name)}
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="grp-actions">
          {owner && <Button variant="secondary" onClick={() => setRename('group')} block>{T.renameGroup}</Button>}
          <Button variant="secondary" onClick={() => setRename('own')} block>{T.renameSelf}</Button>
          {owner ? (
            <Button variant="secondary" onClick={() => setConfirm({ kind: 'disband' })} block>{T.disbandButton}</Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirm({ kind: 'leave' })} block>{T.leaveButton}</Button>
          )}
        </div>
      </Dialog>
      {rename && (
        <RenameDialog
          kind={rename} initial={rename === 'group' ? g.name : me.name} onClose={() => setRename(null)}
          onSubmit={(name) => act(() => (rename === 'group' ? renameGroup(name) : renameSelf(name)), false)}
        />
      )}
      <ConfirmDialog
        open={!!confirm} title={confirmText[0]} confirmLabel={confirmText[2]} busy={busy} onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === 'leave') void act(leaveGroup, true);
          else if (confirm.kind === 'disband') void act(disbandGroup, true);
          else void act(() => removeMember(confirm.id), false);
        }}
      >
        {confirmText[1]}
      </ConfirmDialog>
    </>
  );
}

// <tischlein-group>: group ordering (create, join, the members' carts, the owner's checkout).
// State and rules live in @shared/group; this renders and wires.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { GroupMember } from '@shared/domain';
import { type FoundGroup, $group, $groupMe, $groupNotice, $groupSession, $isGroupOwner, createGroup, dismissGroupNotice, findGroup, joinGroup, setGroupNavigator, setReady, setStage, startGroupSync, takeMissedGroupOrder, codeFromSearch, GROUP_BUBBLE_DELAY_MS, GROUP_BUBBLE_END_MS, GROUP_COPIED_MS, groupItemsTotal, inviteLink, isReady, GROUP_TEXTS as T } from '@shared/group';
import { formatEuro, SHOP_UNAVAILABLE } from '@shared/i18n';
import { isUnavailable } from '@shared/api';
import { $bootstrap, $catalog, $deliveryType, $tableNumber } from '@shared/stores';
import { AlertDialog } from '@shared/dialog';
import { Button, Spinner } from '@shared/ui';
import type { WidgetHost, WidgetProps } from '@shared/widget';
import { CreateDialog, JoinDialog, WelcomeDialog } from './dialogs';
import { GroupMembersDialog } from './GroupMembersDialog';
import { lineName } from './lines';

export function GroupWidget({ host, options }: WidgetProps) {
  const boot = useStore($bootstrap);
  const session = useStore($groupSession);
  const notice = useStore($groupNotice);
  const table = useStore($tableNumber);

  useEffect(() => {
    setGroupNavigator((p) => host.navigate(p));
    const stop = startGroupSync();
    return () => {
      stop();
      setGroupNavigator(null);
    };
  }, [host]);

  if (boot.status !== 'ready' || !boot.data) return null;
  // regular table guests order dine-in with group functions off
  if (table) return null;
  const restaurant = boot.data.config.restaurantName;
  return (
    <>
      {options.view === 'holding' ? <Holding /> : session ? <InGroup host={host} restaurant={restaurant} /> : <NotInGroup restaurant={restaurant} />}
      <AlertDialog open={!!notice} title={notice?.title ?? ''} onClose={dismissGroupNotice}>
        {notice?.text ?? ''}
      </AlertDialog>
    </>
  );
}

function Holding() {
  const g = useStore($group);
  return (
    <section className="box grp-holding" aria-live="polite">
      <Spinner label={T.holdingText} />
      <p>{g ? T.stageLabel[g.stage] : T.holdingText}</p>
    </section>
  );
}

function NotInGroup({ restaurant }: { restaurant: string }) {
  const [dialog, setDialog] = useState<'welcome' | 'create' | null>(null);
  const [found, setFound] = useState<FoundGroup | null>(null);
  // false, or what went wrong: the shop away (503) says so, anything else the group's own text
  const [failed, setFailed] = useState<false | 'unavailable' | 'other'>(false);
  const [bubble, setBubble] = useState(false);
  const [reminder, setReminder] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // an invitation link: ?gruppe={code}
    const code = codeFromSearch(location.search);
    if (code) {
      findGroup(code).then(setFound, (e: unknown) => setFailed(isUnavailable(e) ? 'unavailable' : 'other'));
      const u = new URL(location.href);
      u.searchParams.delete('gruppe');
      history.replaceState(history.state, '', u.href);
      return;
    }
    setReminder(takeMissedGroupOrder());
    // the info bubble on home: after 2 s, its timer ends after 10 s
    const show = setTimeout(() => setBubble(true), GROUP_BUBBLE_DELAY_MS);
    const end = setTimeout(() => setBubble(false), GROUP_BUBBLE_END_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(end);
    };
  }, []);

  const create = async (groupName: string, own: string) => {
    try {
      await createGroup(groupName, own, $deliveryType.get() === 'pickup');
      setDialog(null);
    } catch (e) {
      setDialog(null);
      setFailed(isUnavailable(e) ? 'unavailable' : 'other');
    }
  };
  const join = async (own: string) => {
    try {
      await joinGroup(found!.id, own);
      setFound(null);
    } catch (e) {
      setFound(null);
      setFailed(isUnavailable(e) ? 'unavailable' : 'other');
    }
  };

  return (
    <section className="box grp" aria-labelledby="grp-title">
      <h2 id="grp-title">{T.welcomeTitle}</h2>
      <p>{T.teaser(restaurant)}</p>
      {reminder && <p className="grp-reminder" role="note">{T.reminder}</p>}
      <Button ref={opener} onClick={() => { setBubble(false); setDialog('welcome'); }} block>
        {T.welcomeTitle}
      </Button>
      {bubble && (
        <p className="grp-bubble" role="status" data-testid="group-bubble">
          {T.bubble}
        </p>
      )}
      <WelcomeDialog open={dialog === 'welcome'} onClose={() => setDialog(null)} onCreate={() => setDialog('create')} />
      {dialog === 'create' && <CreateDialog open onClose={() => setDialog(null)} onSubmit={create} />}
      <JoinDialog found={found} onClose={() => setFound(null)} onSubmit={join} />
      <AlertDialog open={failed !== false} title={T.welcomeTitle} onClose={() => setFailed(false)}>
        {failed === 'unavailable' ? SHOP_UNAVAILABLE : T.failed}
      </AlertDialog>
    </section>
  );
}

function MemberLines({ m }: { m: GroupMember }) {
  const catalog = useStore($catalog);
  if (!m.cart.items.length) return <p className="grp-muted">{T.emptyCart}</p>;
  return (
    <ul className="grp-lines">
      {m.cart.items.map((i) => (
        <li key={i.lineId}>
          {i.amount}× {lineName(catalog, i)}
        </li>
      ))}
    </ul>
  );
}

function InGroup({ host, restaurant }: { host: WidgetHost; restaurant: string }) {
  const g = useStore($group);
  const me = useStore($groupMe);
  const owner = useStore($isGroupOwner);
  const [copied, setCopied] = useState(false);
  const [info, setInfo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  if (!g || !me) return <section className="box grp"><Spinner label={T.welcomeTitle} /></section>;
  const link = inviteLink(host.shopUrl, g.code);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setCopied(false), GROUP_COPIED_MS);
    } catch {
      setFailed(true);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: T.welcomeTitle, text: T.shareText(g.owner, restaurant, link), url: link });
    } catch {
      /* the guest closed the share sheet */
    }
  };
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const toCheckout = () => run(async () => {
    await setStage('checkout');
    host.navigate('/checkout');
  });

  return (
    <section className="box grp" aria-labelledby="grp-title">
      <h2 id="grp-title">
        {T.welcomeTitle}: {g.name}
      </h2>
      <p className="grp-stage" data-testid="group-stage">{T.stageLabel[g.stage]}</p>
      <div className="grp-invite">
        <label htmlFor="grp-link">{T.inviteLabel}</label>
        <input id="grp-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <div className="grp-row">
          <Button variant="secondary" onClick={() => void copy()}>{copied ? T.copied : T.copyButton}</Button>
          {canShare && <Button variant="secondary" onClick={() => void share()}>{T.shareButton}</Button>}
        </div>
        <span className="grp-sr" role="status">{copied ? T.copied : ''}</span>
      </div>
      <h3>{T.membersHeading}</h3>
      <ul className="grp-members" data-testid="group-members">
        {g.members.map((m) => (
          <li key={m.id} data-member={m.name}>
            <div className="grp-member-head">
              <strong>
                {m.name}
                {m.id === me.id ? T.youSuffix : ''}
              </strong>
              <span className={`grp-badge${isReady(m) || m.status === 'owner' ? ' grp-badge--ready' : ''}`}>
                {m.status === 'owner' ? T.ownerLabel : isReady(m) ? T.ready : T.notReady}
              </span>
              {owner && <span className="grp-total">{formatEuro(m.cart.total)}</span>}
            </div>
            {owner && <MemberLines m={m} />}
          </li>
        ))}
      </ul>
      {owner && (
        <p className="grp-sum">
          {T.groupTotal}: <strong data-testid="group-total">{formatEuro(groupItemsTotal(g.members))}</strong>
        </p>
      )}
      <div className="grp-actions">
        {!owner && g.stage === 'menu' && (
          <Button onClick={() => void run(() => setReady(!isReady(me)))} loading={busy} block>
            {isReady(me) ? T.markNotReady : T.markReady}
          </Button>
        )}
        {owner && g.stage === 'menu' && (
          <Button onClick={() => void toCheckout()} loading={busy} block>{T.toCheckout}</Button>
        )}
        {owner && (g.stage === 'checkout' || g.stage === 'paying') && (
          <>
            <Button onClick={() => host.navigate('/checkout')} block>{T.toCheckout}</Button>
            <Button variant="secondary" onClick={() => void run(() => setStage('menu'))} loading={busy} block>{T.backToMenu}</Button>
          </>
        )}
        <Button variant="secondary" onClick={() => setInfo(true)} block>{T.openGroup}</Button>
      </div>
      {info && <GroupMembersDialog onClose={() => setInfo(false)} onFailed={() => setFailed(true)} />}
      <AlertDialog open={failed} title={T.welcomeTitle} onClose={() => setFailed(false)}>
        {T.failed}
      </AlertDialog>
    </section>
  );
}

// 'Rabatte': a lower price for categories, dishes or set menus — percent, euro off or a fixed
// price — always or on chosen weekdays and times (a range ending before it starts runs past midnight).
import { useContext } from 'react';
import type { Catalog } from '@shared/domain';
import { Button } from '@shared/ui';
import { ProblemsContext, TextField } from '../fields';
import { ChannelChoice, Checks, Flag, KindAndAmount, SelectionEditor, type Edit } from './controls';
import { EntryList } from './EntryList';
import { newDiscount } from './model';
import { PROMO_TEXTS as T } from './texts';

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

export function Discounts({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const problems = useContext(ProblemsContext);
  return (
    <EntryList catalog={catalog} edit={edit} list="discounts" title={(_, i) => T.discount(i + 1)} addLabel={T.newDiscount} onAdd={() => edit((c) => newDiscount(c).catalog)}>
      {(d, { at, change }) => (
        <>
          <div className="me-row me-row--wrap">
            <KindAndAmount
              kindPath={at('kind')}
              valuePath={at('value')}
              label={T.kind}
              kind={d.kind}
              options={[
                { value: 'percent', label: T.kindPercent },
                { value: 'euro', label: T.kindEuro },
                { value: 'fixed', label: T.kindFixed },
              ]}
              euroLabel={d.kind === 'fixed' ? T.fixedPrice : T.euroOff}
              value={d.value}
              onKind={(k) => change((x) => void (x.kind = k), at('value'))}
              onValue={(n) => change((x) => void (x.value = n), at('value'))}
            />
            <ChannelChoice path={at('channel')} value={d.channel} onChange={(ch) => change((x) => void (x.channel = ch))} />
          </div>
          <SelectionEditor catalog={catalog} path={at('appliesTo')} value={d.appliesTo} onChange={(s) => change((x) => void (x.appliesTo = s))} />
          <Flag
            label={T.scheduled}
            checked={d.schedule !== null}
            onChange={(on) => {
              if (!on) problems.clearUnder(at('schedule'));
              change((x) => void (x.schedule = on ? { weekdays: [...ALL_DAYS], times: [] } : null));
            }}
          />
          {d.schedule && (
            <>
              <Checks
                path={at('schedule', 'weekdays')}
                legend={T.weekdays}
                options={ALL_DAYS.map((n) => ({ id: String(n), label: T.weekdayNames[n] }))}
                checked={(id) => d.schedule?.weekdays.includes(Number(id)) ?? false}
                onToggle={(id, on) =>
                  change((x) => {
                    if (!x.schedule) return;
                    const n = Number(id);
                    x.schedule.weekdays = on ? [...x.schedule.weekdays.filter((w) => w !== n), n].sort() : x.schedule.weekdays.filter((w) => w !== n);
                  }, at('schedule', 'weekdays'))
                }
              />
              <fieldset className="me-set">
                <legend>{T.times}</legend>
                {d.schedule.times.map((t, j) => (
                  <div key={j} className="me-row me-row--wrap">
                    <TextField path={at('schedule', 'times', j, 'from')} label={`${T.from} (${j + 1})`} hint={T.timeHint} value={t.from} onChange={(v) => change((x) => void (x.schedule!.times[j].from = v.trim()), at('schedule', 'times', j, 'from'))} />
                    <TextField path={at('schedule', 'times', j, 'to')} label={`${T.to} (${j + 1})`} hint={T.timeHint} value={t.to} onChange={(v) => change((x) => void (x.schedule!.times[j].to = v.trim()), at('schedule', 'times', j, 'to'))} />
                    <button
                      type="button"
                      className="me-small"
                      aria-label={T.removeTime(j + 1)}
                      onClick={() => {
                        problems.clearUnder(at('schedule', 'times'));
                        change((x) => void x.schedule!.times.splice(j, 1));
                      }}
                    >
                      ✕
                    </button>
                  </div>
                ))}
                <Button variant="secondary" onClick={() => change((x) => void x.schedule!.times.push({ from: '', to: '' }))}>
                  {T.addTime}
                </Button>
              </fieldset>
            </>
          )}
        </>
      )}
    </EntryList>
  );
}

import { useStore } from '@nanostores/react';
import { $bootstrap } from '@shared/stores';
import type { WidgetProps } from '@shared/widget';

export function TableWidget({ options }: WidgetProps) {
  const boot = useStore($bootstrap);
  const table = String(options.table ?? '');
  if (boot.status !== 'ready' || !boot.data || !/^[1-9][0-9]{0,3}$/.test(table)) return null;
  return (
    <section className="box" aria-labelledby="table-title">
      <h2 id="table-title">Tisch {table}</h2>
      <p>Du bestellst am Tisch bei {boot.data.config.restaurantName}.</p>
    </section>
  );
}

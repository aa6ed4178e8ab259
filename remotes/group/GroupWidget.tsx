import { useStore } from '@nanostores/react';
import { $bootstrap } from '@shared/stores';
import type { WidgetProps } from '@shared/widget';

export function GroupWidget(_props: WidgetProps) {
  const boot = useStore($bootstrap);
  if (boot.status !== 'ready' || !boot.data) return null;
  return (
    <section className="box" aria-labelledby="group-title">
      <h2 id="group-title">Gruppenbestellung</h2>
      <p>Gemeinsam bei {boot.data.config.restaurantName} bestellen.</p>
    </section>
  );
}

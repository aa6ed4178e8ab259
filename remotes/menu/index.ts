import { $bootstrap } from '@shared/stores';
import { defineWidget } from '@shared/widget';
import { MenuWidget } from './MenuWidget';
import { firstViewKey } from './firstScreen';
import { mediaHost } from './media';
import { menuCss } from './styles';

export const { mount, hydrate } = defineWidget('menu', MenuWidget, menuCss, () => {
  const b = $bootstrap.get();
  return b.status === 'ready' ? firstViewKey(b.data, mediaHost()) : null;
});

import { defineWidget } from '@shared/widget';
import { MenuWidget, menuFirstViewKey } from './MenuWidget';
import { menuCss } from './styles';

export const { mount, hydrate } = defineWidget('menu', MenuWidget, menuCss, menuFirstViewKey);

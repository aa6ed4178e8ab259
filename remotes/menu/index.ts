import { defineWidget } from '@shared/widget';
import { MenuWidget } from './MenuWidget';
import { menuCss } from './styles';

export const { mount } = defineWidget('menu', MenuWidget, menuCss);

import { defineWidget } from '@shared/widget';
import { GroupWidget } from './GroupWidget';
import { groupCss } from './styles';

export const { mount } = defineWidget('group', GroupWidget, groupCss);

import { defineWidget } from '@shared/widget';
import { TableWidget } from './TableWidget';
import { tableCss } from './styles';

export const { mount } = defineWidget('table', TableWidget, tableCss);

import { defineWidget } from '@shared/widget';
import { StaffApp } from './StaffApp';
import { inboxCss } from './styles';

export const { mount } = defineWidget('inbox', StaffApp, inboxCss);

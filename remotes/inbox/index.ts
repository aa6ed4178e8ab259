import { defineWidget } from '@shared/widget';
import { InboxApp } from './InboxApp';
import { inboxCss } from './styles';

export const { mount } = defineWidget('inbox', InboxApp, inboxCss);

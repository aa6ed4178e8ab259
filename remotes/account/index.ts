import { defineWidget } from '@shared/widget';
import { AccountWidget } from './AccountWidget';
import { accountCss } from './styles';

export const { mount } = defineWidget('account', AccountWidget, accountCss);

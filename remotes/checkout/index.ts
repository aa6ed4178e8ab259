import { defineWidget } from '@shared/widget';
import { CheckoutWidget } from './CheckoutWidget';
import { checkoutCss } from './styles';

export const { mount } = defineWidget('checkout', CheckoutWidget, checkoutCss);

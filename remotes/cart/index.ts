import { defineWidget } from '@shared/widget';
import { CartWidget } from './CartWidget';
import { cartCss } from './styles';

export const { mount } = defineWidget('cart', CartWidget, cartCss);

import { defineWidget } from '@shared/widget';
import { CartRoot } from './CartRoot';
import { rootCss } from './rootCss';

export const { mount } = defineWidget('cart', CartRoot, rootCss);

import { defineWidget } from '@shared/widget';
import { AddressWidget } from './AddressWidget';
import { addressCss } from './styles';

export const { mount } = defineWidget('address', AddressWidget, addressCss);

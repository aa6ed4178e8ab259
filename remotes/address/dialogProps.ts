// What the info dialog and its pages get from the address widget.
import type { Bootstrap } from '@shared/domain';
import type { WidgetHost } from '@shared/widget';
import type { Lookup } from './flow';

export interface AddressInfoDialogProps {
  boot: Bootstrap;
  host: WidgetHost;
  lookup?: Lookup;
  assign?: (url: string) => void;
  /** injected in tests */
  geolocation?: Geolocation | null;
}

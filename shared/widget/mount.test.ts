import { describe, expect, it } from '@jest/globals';
import { remToPx } from './mount';

describe('remToPx', () => {
  it('fixes rem to 16 px so the host page root font size cannot scale a widget', () => {
    expect(remToPx('a{margin:1rem .5rem -0.25rem 1.125rem;font-size:2rem}')).toBe(
      'a{margin:16px 8px -4px 18px;font-size:32px}',
    );
  });
  it('leaves other units and words alone', () => {
    expect(remToPx('a{width:10em;height:3px;content:"remove"}.lorem{x:1}')).toBe(
      'a{width:10em;height:3px;content:"remove"}.lorem{x:1}',
    );
  });
});

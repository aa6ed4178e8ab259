import { describe, expect, it } from '@jest/globals';
import { themeEntries } from './theme';

describe('themeEntries', () => {
  it('passes the --tl- properties of the data with their values', () => {
    expect(themeEntries({ '--tl-primary': '#1f4e79', '--tl-radius': ' 10px ', '--tl-font': '"Open Sans", Arial, sans-serif' })).toEqual([
      ['--tl-primary', '#1f4e79'],
      ['--tl-radius', '10px'],
      ['--tl-font', '"Open Sans", Arial, sans-serif'],
    ]);
  });

  it('drops other names and values that could carry more than one value', () => {
    expect(
      themeEntries({
        color: 'red',
        '--other': 'red',
        '--tl-Primary': 'red',
        '--tl-bg': 'url(https://evil.example/x.png)',
        '--tl-fg': 'red;}:host{display:none',
        '--tl-accent': '</style><script>',
        '--tl-border': '',
        '--tl-muted': 'rgb(1, 2, 3)',
      }),
    ).toEqual([['--tl-muted', 'rgb(1, 2, 3)']]);
  });

  it('an absent or broken theme gives nothing', () => {
    expect(themeEntries(undefined)).toEqual([]);
    expect(themeEntries(null)).toEqual([]);
    expect(themeEntries({ '--tl-primary': 5 as unknown as string })).toEqual([]);
  });
});

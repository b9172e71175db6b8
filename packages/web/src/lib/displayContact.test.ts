import { describe, expect, it } from 'vitest';
import { displayContact } from './displayContact';

describe('displayContact', () => {
  it('groups a number as its country writes it, with no-break spaces', () => {
    expect(displayContact('+32470000077')).toBe('+32\u00a0470\u00a000\u00a000\u00a077');
    expect(displayContact('+352621000001')).toBe('+352\u00a0621\u00a0000\u00a0001');
  });

  it('leaves an e-mail address and a masked number as they are', () => {
    expect(displayContact('anne-marie@demo.test')).toBe('anne-marie@demo.test');
    expect(displayContact('+32 *** ** ** 05')).toBe('+32\u00a0***\u00a0**\u00a0**\u00a005');
  });
});

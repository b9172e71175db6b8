import { describe, expect, it } from 'vitest';
import { displayContact } from './displayContact';

describe('displayContact', () => {
  it('groups a number as its country writes it', () => {
    expect(displayContact('+32470000077')).toBe('+32 470 00 00 77');
    expect(displayContact('+352621000001')).toBe('+352 621 000 001');
  });

  it('leaves an e-mail address and a masked number as they are', () => {
    expect(displayContact('anne-marie@demo.test')).toBe('anne-marie@demo.test');
    expect(displayContact('+32 *** ** ** 05')).toBe('+32 *** ** ** 05');
  });
});

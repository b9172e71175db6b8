import { describe, expect, it } from 'vitest';
import { clientIdOf, safeTargetPath } from './targetUrl';

const origin = 'http://localhost:3000';

describe('safeTargetPath', () => {
  it('accepts same-origin paths with query and hash', () => {
    expect(safeTargetPath('/user/dashboard', origin)).toBe('/user/dashboard');
    expect(safeTargetPath('/approve?client_id=7&scope=user#x', origin)).toBe(
      '/approve?client_id=7&scope=user#x',
    );
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['/\t/evil.example'],
    ['/%0A/x\n'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['user/dashboard'],
    [''],
    [null],
  ])('refuses %j', (target) => {
    expect(safeTargetPath(target, origin)).toBeUndefined();
  });
});

describe('clientIdOf', () => {
  it('reads the client_id of a relative target', () => {
    expect(clientIdOf('/approve?client_id=51', origin)).toBe('51');
    expect(clientIdOf('/user/dashboard', origin)).toBeUndefined();
    expect(clientIdOf(null, origin)).toBeUndefined();
  });
});

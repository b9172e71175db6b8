import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LineSet } from './line-set';

const lines = (text: string) => new LineSet(Buffer.from(text, 'utf8'));

describe('LineSet', () => {
  it('holds each trimmed line, not comments, blank lines or parts of lines', () => {
    const set = lines('# a comment\nalpha\n  beta \r\n\n\t\ngamma delta\nalpha\n#\nlast');
    expect(['alpha', 'beta', 'gamma delta', 'last'].map((v) => set.has(v))).toEqual([true, true, true, true]);
    expect(set.size).toBe(4); // alpha once
    for (const absent of ['# a comment', 'a comment', '', ' beta', 'alph', 'alphaa', 'gamma', '#', 'beta\r'])
      expect(set.has(absent), absent).toBe(false);
  });

  it('compares UTF-8 bytes exactly', () => {
    const set = lines('mot-de-passe-été\nпароль\n');
    expect(set.has('mot-de-passe-été')).toBe(true);
    expect(set.has('пароль')).toBe(true);
    expect(set.has('mot-de-passe-ete')).toBe(false);
  });

  it('finds every line of a table that is far from empty (collisions probe on)', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `w${(i * 7919) % 100_003}`);
    const set = lines(words.join('\n'));
    expect(words.every((word) => set.has(word))).toBe(true);
    expect(set.has('w100003')).toBe(false);
    expect(set.size).toBe(new Set(words).size);
  });

  it('answers as a Set of the lines of the shipped common-password list does', () => {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    const entries = new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    );
    const set = lines(text);
    expect(set.size).toBe(entries.size);
    expect([...entries].every((entry) => set.has(entry))).toBe(true);
    const others = [...entries].slice(0, 2_000).flatMap((entry) => [`${entry}!x`, `x${entry}`]);
    expect(others.filter((other) => set.has(other))).toEqual(others.filter((other) => entries.has(other)));
  });
});

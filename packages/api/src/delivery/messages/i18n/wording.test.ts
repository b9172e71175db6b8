import { describe, expect, it } from 'vitest';
import { MESSAGE_BUNDLES } from './index';

type Tree = { [key: string]: string | Tree };

const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));

describe('e-mail and SMS wording', () => {
  it('French uses straight apostrophes only, as the portal and SPEC do', () => {
    expect(texts(MESSAGE_BUNDLES.fr as unknown as Tree).filter((text) => text.includes('\u2019'))).toEqual(
      [],
    );
  });

  it('Dutch says "je" and "primair", as the portal does', () => {
    const dutch = texts(MESSAGE_BUNDLES.nl as unknown as Tree);
    expect(dutch.filter((text) => /\b(u|uw)\b/i.test(text))).toEqual([]);
    expect(dutch.filter((text) => /hoofdcontact/i.test(text))).toEqual([]);
  });
});

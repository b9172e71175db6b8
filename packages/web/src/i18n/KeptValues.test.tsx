import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { KeptValue, KeptValues } from './KeptValues';

describe('KeptValues', () => {
  let host: HTMLDivElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => host.remove());

  it('wraps each kept value in its own span and leaves the rest of the sentence as text', async () => {
    i18n.addTexts('test', {
      mfa: { code: { toTargetEmail: 'We sent a {{length}}-digit code by e-mail to {{target}}.' } },
    });
    i18n.changeLanguage('test');
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <KeptValues
          text="mfa.code.toTargetEmail"
          values={{ length: 8, target: 'jean-marc@example-mail.test' }}
          keep={['target']}
        />,
      ),
    );
    expect(host.textContent).toBe('We sent a 8-digit code by e-mail to jean-marc@example-mail.test.');
    const kept = host.querySelectorAll('.kept-value');
    expect([...kept].map((element) => element.textContent)).toEqual(['jean-marc@example-mail.test']);
    await act(async () => root.unmount());
  });

  it('joins the groups of a number with no-break spaces, alone or in a sentence', async () => {
    i18n.addTexts('test', { mfa: { methodHints: { sms: 'A code to {{target}}' } } });
    i18n.changeLanguage('test');
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <>
          <KeptValue>+32 *** ** ** 05</KeptValue>
          <KeptValues text="mfa.methodHints.sms" values={{ target: '+352 621 000 001' }} keep={['target']} />
        </>,
      ),
    );
    const kept = [...host.querySelectorAll('.kept-value')].map((element) => element.textContent);
    expect(kept).toEqual(['+32\u00a0***\u00a0**\u00a0**\u00a005', '+352\u00a0621\u00a0000\u00a0001']);
    expect(host.textContent).toContain('A code to +352');
    await act(async () => root.unmount());
  });
});

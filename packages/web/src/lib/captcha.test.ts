import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCaptcha } from './captcha';

afterEach(() => vi.restoreAllMocks());

describe('loadCaptcha', () => {
  it('lets a failed script load be tried again', async () => {
    // happy-dom refuses to load external scripts: the script's error event fires.
    await expect(loadCaptcha('hcaptcha')).rejects.toThrow('could not load');
    await expect(loadCaptcha('hcaptcha')).rejects.toThrow('could not load');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds the provider script once, in explicit-render mode, and answers its widget API on load', async () => {
    const added: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      added.push(...(nodes as HTMLScriptElement[]));
    });
    const fake = { render: () => 'widget-1', reset: () => {} };
    const first = loadCaptcha('turnstile');
    expect(added).toHaveLength(1);
    expect(added[0]?.getAttribute('src')).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=vestibuleCaptchaLoaded',
    );
    const scope = window as unknown as Record<string, unknown>;
    scope.turnstile = fake;
    (scope.vestibuleCaptchaLoaded as () => void)();
    await expect(first).resolves.toBe(fake);
    expect(loadCaptcha('turnstile')).toBe(first);
    expect(added).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiEventHandlers } from './api';
import { dropToken } from './dropToken';
import { tokenStore } from './storage';

describe('dropping the session token on the way out', () => {
  const onUnauthorized = vi.fn();
  const answer = (status: number) => new Response(status === 204 ? null : '{}', { status });
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    window.sessionStorage.clear();
    tokenStore.set('a-session-token');
    onUnauthorized.mockClear();
    setApiEventHandlers({ onMaintenance: () => {}, onUnauthorized });
    fetchMock = vi.fn(async () => answer(204));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('sends DELETE /api/token with the session token', async () => {
    await dropToken();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/token');
    expect(init.method).toBe('DELETE');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer a-session-token');
  });

  it('resolves when the server refuses or cannot be reached', async () => {
    fetchMock.mockResolvedValueOnce(answer(500));
    await expect(dropToken()).resolves.toBeUndefined();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(dropToken()).resolves.toBeUndefined();
  });

  it('leaves a 401 to the session-lost handler unless quiet', async () => {
    fetchMock.mockResolvedValueOnce(answer(401));
    await dropToken();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(answer(401));
    await dropToken({ quiet: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

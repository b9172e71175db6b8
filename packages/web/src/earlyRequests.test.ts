import { DEVICE_ID_STORAGE_KEY, SESSION_KEYS } from '@vestibule/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_KEY, startEarlyRequests, TOKEN_KEY } from './earlyRequests';
import { apiRequest } from './lib/api';
import { takeEarlyResume, takeEarlyUser } from './lib/earlySession';
import { deviceId } from './lib/storage';

const DEVICE = '0b5e7a56-3f7c-4d1e-9a2b-5c6d7e8f9a0b';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the early session requests of a new tab', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.vestibuleEarly = undefined;
    fetchMock = vi.fn(async (url: string) =>
      url === '/api/token/resume'
        ? json({ access_token: 'tok-1', token_type: 'Bearer' })
        : json({ data: {} }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the storage keys the app writes', () => {
    expect(DEVICE_ID_KEY).toBe(DEVICE_ID_STORAGE_KEY);
    expect(TOKEN_KEY).toBe(SESSION_KEYS.token);
  });

  it('gives a browser without a device id the one the app will send', async () => {
    startEarlyRequests();
    const created = window.localStorage.getItem(DEVICE_ID_KEY);
    expect(created).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deviceId()).toBe(created);
    await takeEarlyResume();
    expect(fetchMock.mock.calls[0]![1].headers).toMatchObject({ 'X-Device-ID': created });
  });

  it('leaves a login token in the address to the app', () => {
    window.location.hash = '#token=abc';
    startEarlyRequests();
    window.location.hash = '';
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyResume()).toBeUndefined();
  });

  it('resumes with the device id, then asks for the user with the resumed token', async () => {
    window.localStorage.setItem(DEVICE_ID_KEY, DEVICE);
    startEarlyRequests();
    const resumed = await takeEarlyResume();
    expect(await resumed?.json()).toEqual({ access_token: 'tok-1', token_type: 'Bearer' });
    const user = await takeEarlyUser('tok-1');
    expect(user?.ok).toBe(true);
    const [path, init] = fetchMock.mock.calls[1]!;
    expect(path).toBe('/api/user');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'X-Device-ID': DEVICE });
    // Each answer serves once.
    expect(takeEarlyResume()).toBeUndefined();
    expect(await takeEarlyUser('tok-1')).toBeUndefined();
  });

  it('does not hand over a user answer asked with another session', async () => {
    window.localStorage.setItem(DEVICE_ID_KEY, DEVICE);
    startEarlyRequests();
    expect(await takeEarlyUser('another-token')).toBeUndefined();
  });

  it('asks for no user when the resume says there is no session', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 401 }));
    window.localStorage.setItem(DEVICE_ID_KEY, DEVICE);
    startEarlyRequests();
    expect((await takeEarlyResume())?.status).toBe(401);
    expect(await takeEarlyUser('tok-1')).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('with a token in this tab, resumes nothing and asks for the user with that token', async () => {
    window.localStorage.setItem(DEVICE_ID_KEY, DEVICE);
    window.sessionStorage.setItem(TOKEN_KEY, 'held');
    startEarlyRequests();
    expect(takeEarlyResume()).toBeUndefined();
    expect((await takeEarlyUser('held'))?.ok).toBe(true);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/user']);
  });

  it('an API request given the early answer does not send again', async () => {
    const prefetched = Promise.resolve(json({ ok: true }));
    await apiRequest('/user', { prefetched });
    expect(fetchMock).not.toHaveBeenCalled();
    await apiRequest('/user', { prefetched: Promise.resolve(undefined) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

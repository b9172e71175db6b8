import { describe, expect, it } from 'vitest';
import { listeningAppPerFile, pkcePair, registerClient } from '../oauth/helpers';

/**
 * RFC 6749 §4.1.2.1: once the client and its redirect URI are known good, an invalid authorization
 * request goes back to that redirect URI as `invalid_request` with the request's `state`; it never
 * ends in the server's own error (server_error on the partner page).
 */

const test = listeningAppPerFile();

async function authorizationRequest(params: Record<string, string>) {
  const response = await fetch(`${test.origin}/oauth/auth?${new URLSearchParams(params)}`, {
    redirect: 'manual',
  });
  expect(response.status).toBeLessThan(500);
  return new URL(response.headers.get('location') ?? '/', test.origin);
}

describe('authorization request errors go back to the client', () => {
  it('a request without response_type answers invalid_request at the registered redirect URI, with its state', async () => {
    const client = await registerClient(test.database.db);
    const { challenge } = pkcePair();
    const location = await authorizationRequest({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'openid',
      state: 'st-no-type',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('st-no-type');
    expect(location.searchParams.get('iss')).toBe(test.origin);
  });

  it('an empty response_type, or one given twice, is invalid_request at the client too', async () => {
    const client = await registerClient(test.database.db);
    const { challenge } = pkcePair();
    const base = `client_id=${client.clientId}&redirect_uri=${encodeURIComponent(client.redirectUri)}&scope=openid&state=st2&code_challenge=${challenge}&code_challenge_method=S256`;
    for (const extra of ['&response_type=', '&response_type=code&response_type=code']) {
      const response = await fetch(`${test.origin}/oauth/auth?${base}${extra}`, { redirect: 'manual' });
      expect(response.status, extra).toBe(303);
      const location = new URL(response.headers.get('location')!, test.origin);
      expect(`${location.origin}${location.pathname}`, extra).toBe(client.redirectUri);
      expect(location.searchParams.get('error'), extra).toBe('invalid_request');
      expect(location.searchParams.get('state'), extra).toBe('st2');
    }
  });

  it('without a valid client or redirect URI the error stays on the partner page, never server_error', async () => {
    const client = await registerClient(test.database.db);
    for (const params of [
      { client_id: 'no-such-client', redirect_uri: client.redirectUri, state: 's' },
      { client_id: client.clientId, redirect_uri: 'https://evil.example/cb', state: 's' },
    ]) {
      const location = await authorizationRequest(params);
      expect(location.pathname).toBe('/partner');
      expect(location.searchParams.get('error')).not.toBe('server_error');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningApp, listeningApp } from './helpers';

// OpenID Connect Discovery 1.0 §3: the metadata lists exactly what works — each value below is
// exercised by the other conformance files (response modes, client authentication, logout).

let test: ListeningApp;
let discovery: Record<string, unknown>;
beforeAll(async () => {
  test = await listeningApp();
  discovery = (await (await fetch(`${test.origin}/.well-known/openid-configuration`)).json()) as Record<
    string,
    unknown
  >;
});
afterAll(() => test.app.close());

const sorted = (value: unknown) => [...(value as string[])].sort();

describe('OpenID Connect Discovery 1.0 §3', () => {
  it('lists the code response type and the three response modes', () => {
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(sorted(discovery.response_modes_supported)).toEqual(['form_post', 'fragment', 'query']);
    // client_credentials serves only machine clients of the admin API (decision 0076).
    expect(sorted(discovery.grant_types_supported)).toEqual([
      'authorization_code',
      'client_credentials',
      'refresh_token',
    ]);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('lists only the client authentication methods a client can register', () => {
    const methods = ['client_secret_basic', 'client_secret_post', 'none'];
    expect(sorted(discovery.token_endpoint_auth_methods_supported)).toEqual(methods);
    for (const key of [
      'introspection_endpoint_auth_methods_supported',
      'revocation_endpoint_auth_methods_supported',
    ])
      if (key in discovery) expect(sorted(discovery[key])).toEqual(methods);
  });

  it('lists the claims the ID token and userinfo can carry, amr included', () => {
    expect(sorted(discovery.claims_supported)).toEqual(
      [
        'amr',
        'auth_time',
        'email',
        'email_verified',
        'family_name',
        'given_name',
        'iss',
        'locale',
        'name',
        'phone_number',
        'phone_number_verified',
        'sid',
        'sub',
      ].sort(),
    );
    expect(discovery.claims_parameter_supported).toBe(false);
    expect(discovery).not.toHaveProperty('acr_values_supported');
  });

  it('lists RP-initiated and back-channel logout with the session id', () => {
    expect(discovery.end_session_endpoint).toBe(`${test.origin}/oauth/session/end`);
    expect(discovery.backchannel_logout_supported).toBe(true);
    expect(discovery.backchannel_logout_session_supported).toBe(true);
    expect(discovery).not.toHaveProperty('frontchannel_logout_supported');
  });

  it('says what is not there: no request objects, no registration, no implicit', () => {
    expect(discovery.request_parameter_supported ?? false).toBe(false);
    expect(discovery.request_uri_parameter_supported).toBe(false);
    expect(discovery).not.toHaveProperty('registration_endpoint');
    expect(discovery.grant_types_supported).not.toContain('implicit');
  });
});

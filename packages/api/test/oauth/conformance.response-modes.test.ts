import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approve, authorizationRequest, getAuthorization, locationOf } from './conformance-helpers';
import {
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  type RegisteredClient,
  registerClient,
} from './helpers';

// OpenID Connect Core 1.0 §3.1.2.5 / §3.1.2.6 with OAuth 2.0 Multiple Response Type Encoding
// Practices (fragment) and OAuth 2.0 Form Post Response Mode: the modes a client registered
// work, for successes and errors, and the form_post page passes its own CSP (decision 0031).

const test = listeningAppPerFile();

/** A logged-in browser at /approve for the client, with the request sent. */
async function atApproval(client: RegisteredClient, extra: Record<string, string>) {
  const browser = new Browser(test.origin);
  await browser.logIn(await newUser(test.database.db));
  const request = authorizationRequest(client, extra);
  const location = locationOf(await getAuthorization(browser, request), test.origin);
  expect(location.pathname).toBe('/approve');
  return { browser, request, uid: location.searchParams.get('uid')! };
}

/** The form of a form_post page: its action and hidden fields. */
function parseFormPost(html: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]),
  );
  return { action, fields };
}

function cspOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('OAuth 2.0 Form Post Response Mode', () => {
  it('posts the code to the redirect_uri from a page the CSP lets run and submit', async () => {
    const client = await registerClient(test.database.db, { responseModes: ['query', 'form_post'] });
    const { browser, request, uid } = await atApproval(client, { response_mode: 'form_post' });
    const page = await browser.fetch(await approve(browser, uid));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const { action, fields } = parseFormPost(html);
    expect(action).toBe(client.redirectUri);
    expect(fields).toMatchObject({ state: request.state, iss: test.origin });

    const csp = cspOf(page);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual([hash]);
    expect(csp.get('form-action')).toEqual([new URL(client.redirectUri).origin]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);

    const tokens = await exchangeCode(test.origin, client, fields.code!, request.verifier);
    expect(tokens.status).toBe(200);
  });

  it('posts an error (the user refused) the same way', async () => {
    const client = await registerClient(test.database.db, { responseModes: ['form_post'] });
    const { browser, request, uid } = await atApproval(client, { response_mode: 'form_post' });
    const refusal = await browser.api('/authorize', { method: 'POST', json: { uid, decision: 'refuse' } });
    const { target } = (await refusal.json()) as { target: string };
    const page = await browser.fetch(target);
    const { action, fields } = parseFormPost(await page.text());
    expect(action).toBe(client.redirectUri);
    expect(fields).toMatchObject({ error: 'access_denied', state: request.state });
    expect(fields).not.toHaveProperty('code');
    expect(cspOf(page).get('form-action')).toEqual([new URL(client.redirectUri).origin]);
  });
});

describe('OAuth 2.0 Multiple Response Type Encoding Practices: fragment', () => {
  it('sends the code in the fragment for a client registered for it', async () => {
    const client = await registerClient(test.database.db, { responseModes: ['fragment'] });
    const { browser, request, uid } = await atApproval(client, { response_mode: 'fragment' });
    const callback = locationOf(await browser.fetch(await approve(browser, uid)), test.origin);
    expect(callback.search).toBe('');
    const params = new URLSearchParams(callback.hash.slice(1));
    expect(params.get('state')).toBe(request.state);
    const tokens = await exchangeCode(test.origin, client, params.get('code')!, request.verifier);
    expect(tokens.status).toBe(200);
  });
});

describe('OpenID Connect Core 3.1.2.1: response_mode must be one the client registered', () => {
  it('a query-only client asking for form_post gets the error posted back, no code', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(await newUser(test.database.db));
    const page = await getAuthorization(
      browser,
      authorizationRequest(client, { response_mode: 'form_post' }),
    );
    expect(page.status).toBe(400);
    const { action, fields } = parseFormPost(await page.text());
    expect(action).toBe(client.redirectUri);
    expect(fields.error).toBe('invalid_request');
    expect(fields).not.toHaveProperty('code');
  });

  it('a query-only client asking for fragment gets the error in the fragment, no code', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(await newUser(test.database.db));
    const location = locationOf(
      await getAuthorization(browser, authorizationRequest(client, { response_mode: 'fragment' })),
      test.origin,
    );
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    const params = new URLSearchParams(location.hash.slice(1));
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('code')).toBeNull();
  });

  it('an unknown mode answers unsupported_response_mode', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    const location = locationOf(
      await getAuthorization(browser, authorizationRequest(client, { response_mode: 'web_message' })),
      test.origin,
    );
    expect(location.searchParams.get('error')).toBe('unsupported_response_mode');
  });
});

import Provider from 'oidc-provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KyselyAdapter } from '../../src/flows/oauth/adapter';
import {
  authorize,
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  refresh,
  registerClient,
} from './helpers';

// The refresh batching (src/flows/oauth/refresh-batch.ts, decision 0058) reads ahead when the
// provider looks the client up and holds the token's consumption back until the successor and the
// access token are stored: it relies on the order in which oidc-provider calls its adapter during
// a refresh-token grant. That order is pinned here, so an upgrade that changes it fails loudly
// instead of silently losing the batch (or a consumption).

const test = listeningAppPerFile();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every adapter call made while `run` runs, as "Model.method", with the params at Client finds. */
async function adapterCalls(run: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  for (const method of ['find', 'consume', 'upsert', 'destroy', 'revokeByGrantId', 'findByUid'] as const) {
    const original = KyselyAdapter.prototype[method] as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(KyselyAdapter.prototype, method).mockImplementation(function (
      this: KyselyAdapter,
      ...args: unknown[]
    ) {
      const model = (this as unknown as { model: string }).model;
      const params = Provider.ctx?.oidc?.params;
      const known =
        model === 'Client' && typeof params?.refresh_token === 'string' ? ' (refresh_token known)' : '';
      calls.push(`${model}.${method}${known}`);
      return original.apply(this, args);
    } as never);
  }
  await run();
  return calls;
}

describe("oidc-provider's adapter calls during a refresh-token grant", () => {
  it('come in the order the refresh batching relies on', async () => {
    const client = await registerClient(test.database.db);
    const account = await newUser(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const { code, verifier } = await authorize(browser, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    expect(tokens.status).toBe(200);

    let status = 0;
    const calls = await adapterCalls(async () => {
      status = (await refresh(test.origin, client, tokens.body.refresh_token as string)).status;
    });
    expect(status).toBe(200);
    // If this fails after an oidc-provider upgrade, refresh-batch.ts must follow the new order (or
    // go): the client lookup must come once the parameters are parsed, and the consumption before
    // the successor and the access token are stored.
    expect(calls).toEqual([
      'Client.find (refresh_token known)',
      'RefreshToken.find',
      'Session.findByUid',
      'Grant.find',
      'RefreshToken.consume',
      'RefreshToken.upsert',
      'AccessToken.upsert',
    ]);
  });
});

// A signed-in page opened in a new tab (index.html, nothing pre-rendered) waits on three things in
// a row before it can show the user's data: the app's code, the session resume and GET /api/user.
// The entry script starts the two requests while the app's code is still downloading
// (src/earlyRequests.ts); the app then takes their answers here instead of asking again
// (lib/api.ts `prefetched`). The hand-over goes through `window`, not a shared module: a module
// both scripts import would join the app's chunk and make the small entry wait for it.

export type EarlyAnswer = Promise<Response | undefined>;

export interface EarlyRequests {
  resume?: EarlyAnswer;
  user?: { token: Promise<string | undefined>; answer: EarlyAnswer };
}

declare global {
  interface Window {
    vestibuleEarly?: EarlyRequests;
  }
}

/** The early resume's answer, once: the app's resume request uses it instead of sending its own. */
export function takeEarlyResume(): EarlyAnswer | undefined {
  const early = window.vestibuleEarly;
  const resume = early?.resume;
  if (early) early.resume = undefined;
  return resume;
}

/**
 * The early GET /api/user answer, once, if it was asked with `token` (the session this tab now
 * holds); undefined when there is none or it belongs to another session.
 */
export async function takeEarlyUser(token: string | null): Promise<Response | undefined> {
  const early = window.vestibuleEarly;
  const user = early?.user;
  if (early) early.user = undefined;
  if (!user || !token || (await user.token) !== token) return undefined;
  return user.answer;
}

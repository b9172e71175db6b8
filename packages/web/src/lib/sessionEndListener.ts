import { CHANNEL, REASONS, type SessionEndNotice, type SignOutReason, sessionChannel } from './signOut';

// The listening side of lib/signOut.ts's notices between tabs: it runs once a tab holds a session
// (app/signedIn.ts), so the signed-out login page loads without it.

function parseNotice(data: unknown): SessionEndNotice | null {
  const notice = data as Partial<SessionEndNotice> | null;
  if (!notice || !REASONS.includes(notice.reason as SignOutReason) || typeof notice.verify !== 'boolean')
    return null;
  return { reason: notice.reason as SignOutReason, verify: notice.verify };
}

/** Calls `handle` when another tab of this browser announces a session end; returns a stop. */
export function listenForSessionEnd(handle: (notice: SessionEndNotice) => void): () => void {
  const bus = sessionChannel();
  if (bus) {
    const onMessage = (event: MessageEvent) => {
      const notice = parseNotice(event.data);
      if (notice) handle(notice);
    };
    bus.addEventListener('message', onMessage);
    return () => bus.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHANNEL || !event.newValue) return;
    try {
      const notice = parseNotice(JSON.parse(event.newValue));
      if (notice) handle(notice);
    } catch {
      // Not a notice.
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

import { removeSessionValue, sessionValue, setSessionValue } from './storage';

/**
 * What was typed into an address form when a step-up interrupted it (docs/decisions/0013), kept in
 * sessionStorage for the one form it belongs to — `form` names it, e.g. `profile:phone:new` or
 * `setup:sms:12` — and put back when the user returns.
 */
export const contactDraft = {
  save(form: string, value: string): void {
    setSessionValue('contactDraft', JSON.stringify({ form, value }));
  },
  read(form: string): string | null {
    try {
      const draft = JSON.parse(sessionValue('contactDraft') ?? 'null') as {
        form?: unknown;
        value?: unknown;
      } | null;
      return draft?.form === form && typeof draft.value === 'string' ? draft.value : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    removeSessionValue('contactDraft');
  },
};

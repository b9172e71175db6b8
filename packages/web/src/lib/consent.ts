// The visitor's choice about measurement cookies (ePrivacy: asked before anything non-essential
// loads, docs/decisions/0073). Kept in localStorage per edition (an origin each), with a version:
// a new version of the question asks again. Only asked when a tag manager is configured.

export type ConsentChoice = 'granted' | 'denied';

const STORAGE_KEY = 'consent_choice';
/** Raised when what the visitor is asked changes: every earlier answer is asked again. */
const QUESTION_VERSION = 1;

interface StoredConsent {
  choice: ConsentChoice;
  version: number;
  at: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let reopened = false;
let memoryChoice: ConsentChoice | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function readStored(): ConsentChoice | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    const known = stored.choice === 'granted' || stored.choice === 'denied';
    return known && stored.version === QUESTION_VERSION ? (stored.choice as ConsentChoice) : null;
  } catch {
    return null;
  }
}

/** The choice made in this browser, or null while the visitor has not chosen. */
export function consentChoice(): ConsentChoice | null {
  return readStored() ?? memoryChoice;
}

/** Keeps the choice (in memory too: storage may be unavailable, the page still honours it). */
export function saveConsentChoice(choice: ConsentChoice): void {
  memoryChoice = choice;
  reopened = false;
  try {
    const stored: StoredConsent = { choice, version: QUESTION_VERSION, at: new Date().toISOString() };
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // The choice holds for this page only.
  }
  notify();
}

/** The footer's "Cookie choices": shows the question again. */
export function reopenConsentChoices(): void {
  reopened = true;
  notify();
}

/** Whether the question shows: not answered yet, or asked again from the footer. */
export function consentQuestionOpen(): boolean {
  return reopened || consentChoice() === null;
}

export function subscribeToConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

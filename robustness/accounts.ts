// Shapes shared by the crash run's preparation (prepare.ts), driver (crash.mjs, as JSON) and
// invariant check (check.ts).

/**
 * Passwords of a crash run (not in the common-password list): one for the duplicates that get
 * merged away, one for every other account. Two, so that the ownership proof of a merge can never
 * succeed against the wrong account (a survivor that already absorbed the duplicate).
 */
export const CRASH_PASSWORD = 'Crash-safety-run-2026';
export const CRASH_OTHER_PASSWORD = 'Crash-safety-duplicate-2026';

export interface CrashAccount {
  id: number;
  email: string;
  phone: string;
  /** MFA method ids (accounts with MFA only). */
  methods: { sms?: number; email?: number };
  /** Card number held (merge duplicates only). */
  card?: string;
}

export interface CrashAccounts {
  password: string;
  otherPassword: string;
  /** One duplicate and the one or two accounts that try to merge it into themselves. */
  groups: { other: CrashAccount; survivors: CrashAccount[] }[];
  /** Accounts whose extra e-mails and phones are added and removed. */
  churn: CrashAccount[];
  /** Accounts with MFA that log in with SMS codes and step up with e-mail codes. */
  logins: CrashAccount[];
}

/** What the driver saw acknowledged (2xx) or attempted, written to journal.json. */
export interface CrashJournal {
  /** Merges answered 200, as `${groupIndex}:${survivorIndex}`. */
  mergesAcked: string[];
  /** Merge requests sent, acknowledged or not. */
  mergesAttempted: string[];
  /** Per churn account id: contacts whose confirm answered 200, and removals tried / answered 200. */
  contacts: Record<
    string,
    { added: string[]; addAttempted: string[]; removeAttempted: string[]; removed: string[] }
  >;
  /** Code challenges whose creation (and code) was acknowledged: payload and target. */
  challenges: { payload: string; target: string }[];
  /** Per login account id: MFA logins answered 200. */
  logins: Record<string, number>;
}

// What other features may use of features/login: its public surface (docs/architecture.md
// "Layers"). A password reset hands the login page the username to prefill.
export type { LoginPrefill } from './hints';

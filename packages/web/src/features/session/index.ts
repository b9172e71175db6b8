// What other features may use of features/session: its public surface (docs/architecture.md
// "Layers"). Screens that hold the user before the app (MFA setup, weak password) offer a log-out.
export { LogoutButton } from './components/LogoutButton';

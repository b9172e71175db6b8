// What other features may use of features/passkeys: its public surface (docs/architecture.md
// "Layers"). The Security tab and the MFA edit page show the passkeys card.
export { PasskeysCard } from './components/PasskeysCard';

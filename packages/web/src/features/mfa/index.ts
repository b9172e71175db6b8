// What other features may use of features/mfa: its public surface (docs/architecture.md "Layers").
// The security page shows the methods and recovery keys cards.
export { MfaMethodsCard } from './components/MfaMethodsCard';
export { RecoveryKeysCard } from './components/RecoveryKeysCard';

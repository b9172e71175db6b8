// What other features may use of features/mfa: its public surface (docs/architecture.md "Layers").
// The security page shows the methods and recovery keys cards.

// The account merge's proof step re-sends its code and shows the countdown like an MFA step.
export { useResendCode } from './api/resendCode';
export { MfaMethodsCard } from './components/MfaMethodsCard';
export { RecoveryKeysCard } from './components/RecoveryKeysCard';
export { ResendLink } from './components/ResendLink';

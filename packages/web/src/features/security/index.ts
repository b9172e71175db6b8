// What other features may use of features/security: its public surface (docs/architecture.md
// "Layers"). Dates are shown the same way on every security card.
export { formatDate } from './format';

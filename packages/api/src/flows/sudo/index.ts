// What other parts of the server use of the step-up (sudo).
export { grantSudo, hasSudo, requireSudo, sudoStatus } from './sudo';

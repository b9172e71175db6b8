// What other parts of the server use of the step-up (sudo).
export { requireSudo } from './sudo';

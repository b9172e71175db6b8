// What other parts of the API use of the closure flow: support starts a closure for a user.
export { startClosure } from './closure';

// What other parts of the API use of the closure flow: support starts a closure for a user.
export { closingAccountError, startClosure } from './closure';
export { closureRoutes } from './closure.routes';
export { ErasureJob, eraseDueAccounts } from './erase';

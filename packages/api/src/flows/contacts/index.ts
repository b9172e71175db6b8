// What other parts of the server use of the contacts flow: the one door into it.

export { confirmAddressChallenge, startAddressChallenge } from './contact-challenge';
export { contactRoutes } from './contacts.routes';

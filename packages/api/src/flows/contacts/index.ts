// What other parts of the server use of the contacts flow: the one door into it.

export {
  CHANNEL,
  insertContact,
  listContacts,
  lockContacts,
  moveMfaTarget,
  primaryAddresses,
  replaceContactValue,
} from './contact.queries';
export { confirmAddressChallenge, requireFree, startAddressChallenge } from './contact-challenge';
export { contactRoutes } from './contacts.routes';

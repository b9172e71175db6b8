// The account notices (e-mail and SMS about a change), for the parts of the server outside a flow.
export { notifyAccount } from './notify-account';

// What other parts of the server use of the recovery flow's account queries.
export { endEverythingOfUser, userIdsByCard, userIdsByNationalNumber } from './recovery.queries';
export { startStaffResetChallenge } from './reset-challenge';

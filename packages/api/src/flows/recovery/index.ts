// What other parts of the server use of the recovery flow's account queries.

export { forgotPasswordRoutes } from './forgot-password.routes';
export { forgotUsernameRoutes } from './forgot-username.routes';
export { endEverythingOfUser, userIdsByCard } from './recovery.queries';
export { startStaffResetChallenge } from './reset-challenge';
export { resetPasswordRoutes } from './reset-password.routes';

// What other parts of the server use of the recovery flow: its routes and the staff reset.

export { forgotPasswordRoutes } from './forgot-password.routes';
export { forgotUsernameRoutes } from './forgot-username.routes';

export { startStaffResetChallenge } from './reset-challenge';
export { resetPasswordRoutes } from './reset-password.routes';

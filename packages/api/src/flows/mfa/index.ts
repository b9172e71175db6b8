// What other parts of the server use of the mfa flow: the one door into it.
export { mfaActivateRoutes } from './activate.routes';
export { mfaChallengeRoutes } from './challenge.routes';

export { mfaMethodRoutes } from './methods.routes';

export { strategyFor } from './strategies/registry';

export { trustedDeviceRoutes } from './trusted-devices.routes';

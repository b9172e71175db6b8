// What other parts of the server use of the mfa flow: the one door into it.
export { mfaActivateRoutes } from './activate.routes';
export { mfaChallengeRoutes } from './challenge.routes';


export { findOpenLoginFlow, startLoginFlow } from './login-flow';
export { mfaMethodRoutes } from './methods.routes';
export {
  findMethodByTarget,
  insertMethod,
  listMethods,
  selectableMethods,
  toMfaMethod,
} from './mfa-method.queries';
export { storeRecoveryKeys } from './recovery-keys';
export { strategyFor } from './strategies/registry';
export { redeemTrustedDevice, trustDevice } from './trusted-device.queries';
export { setTrustedDeviceCookie, trustedDeviceSecret } from './trusted-device-cookie';
export { trustedDeviceRoutes } from './trusted-devices.routes';

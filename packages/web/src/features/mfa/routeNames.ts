import { PATHS } from '../../lib/paths';
import { SENSITIVE_ROUTES } from '../../lib/stepUp';

/** Route names a `redirect` query parameter may carry (SPEC §4 "A redirect route name"). */
export const REDIRECT_ROUTE_NAMES: Record<string, string> = {
  ...SENSITIVE_ROUTES,
  dashboard: PATHS.dashboard,
  'mfa-totp-recovery': PATHS.mfaTotpRecovery,
  'setup-mfa': PATHS.setupMfa,
  'setup-mfa-selection': PATHS.setupMfaSelection,
  'setup-mfa-totp': PATHS.setupMfaTotp,
  'setup-totp-success': PATHS.setupTotpSuccess,
  'fuzzion-success': '/fuzzion-success',
};

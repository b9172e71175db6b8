import { contactChallengeResponseSchema } from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { apiRequest } from '../../../lib/api';
import { rememberProfileVersion } from '../../../lib/profileVersion';

/** POST /api/user/login {login}: a code to the new e-mail or phone (step-up needed). */
export function startLoginChange(login: string) {
  return apiRequest('/user/login', {
    method: 'POST',
    json: { login },
    schema: contactChallengeResponseSchema,
  });
}

/** POST /api/user/login/confirm {payload, code}. */
export function confirmLoginChange(payload: string, code: string) {
  return apiRequest('/user/login/confirm', {
    method: 'POST',
    json: { payload, code },
    schema: userResponseSchema,
    // The answer's version: the next profile change from here is made on it.
    onVersion: rememberProfileVersion,
  });
}

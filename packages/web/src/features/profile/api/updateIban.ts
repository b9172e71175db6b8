import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { apiRequest } from '../../../lib/api';
import { versioned } from '../../../lib/profileVersion';

/** PUT /api/user/iban {iban} (step-up needed), on the version of the user read. */
export function updateIban(iban: string) {
  return apiRequest('/user/iban', {
    method: 'PUT',
    json: { iban },
    schema: userResponseSchema,
    ...versioned(),
  });
}

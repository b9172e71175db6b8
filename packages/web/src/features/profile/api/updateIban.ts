import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { apiRequest } from '../../../lib/api';

/** PUT /api/user/iban {iban} (step-up needed). */
export function updateIban(iban: string) {
  return apiRequest('/user/iban', { method: 'PUT', json: { iban }, schema: userResponseSchema });
}

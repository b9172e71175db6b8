import { useQuery } from '@tanstack/react-query';
import type { PersonalData } from '@vestibule/contract/password';
import type { User } from '@vestibule/contract/schemas/user';
import { userQuery } from './userQuery';

export { fetchUser, userQuery } from './userQuery';

export function useUser() {
  return useQuery(userQuery);
}

/** The account's e-mails and names, which a new password must not contain (DESIGN §4). */
export function personalData(user: User | undefined): PersonalData {
  return { emails: user?.email.map((e) => e.email), firstname: user?.firstname, lastname: user?.lastname };
}

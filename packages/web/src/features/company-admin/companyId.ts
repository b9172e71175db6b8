import { createContext, useContext } from 'react';

/** The company the admin is looking at (CompanyAdminArea provides it); the server answers 404 for any other. */
export const CompanyContext = createContext<number>(0);

export function useCompanyId(): number {
  return useContext(CompanyContext);
}

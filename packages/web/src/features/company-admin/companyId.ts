import { useParams } from 'react-router';

/** The company of the page (/admin/company/:companyId/…): the server answers 404 for any other. */
export function useCompanyId(): number {
  const { companyId } = useParams();
  return Number(companyId);
}

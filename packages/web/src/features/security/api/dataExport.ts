import { useMutation } from '@tanstack/react-query';
import { dataExportSchema } from '@vestibule/contract/schemas/privacy';
import { apiRequest } from '../../../lib/api';

/** POST /api/user/data-export: needs a step-up; answers everything held about the account. */
export function useDataExport() {
  return useMutation({
    mutationFn: () => apiRequest('/user/data-export', { method: 'POST', json: {}, schema: dataExportSchema }),
  });
}

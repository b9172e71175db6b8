import { lazy } from 'react';

// The company admin's part of the console (decision 0077): one lazy chunk, its tabs inside.

/** The section page the console mounts at /admin/company/*. */
export const CompanyAdminArea = lazy(async () => ({
  default: (await import('./routes/CompanyAdminArea')).CompanyAdminArea,
}));

/** The operator's invitation batches, mounted at /admin/invitations. */
export const InvitationBatchesArea = lazy(async () => ({
  default: (await import('./routes/InvitationBatchesRoute')).InvitationBatchesRoute,
}));

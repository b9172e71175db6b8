import type { RouteObject } from 'react-router';

// The company admin's screens (decision 0077), each a lazy chunk, under /admin/company/:companyId.

export const COMPANY_ADMIN_SECTIONS = ['people', 'invite', 'adoption', 'policy'] as const;
export type CompanyAdminSection = (typeof COMPANY_ADMIN_SECTIONS)[number];

export const companyAdminPath = (companyId: number, section: CompanyAdminSection) =>
  `/admin/company/${companyId}/${section}`;

export const companyAdminRoutes: RouteObject[] = [
  {
    path: '/admin/company/:companyId/people',
    lazy: async () => ({ Component: (await import('./routes/PeopleRoute')).PeopleRoute }),
  },
  {
    path: '/admin/company/:companyId/invite',
    lazy: async () => ({ Component: (await import('./routes/InviteRoute')).InviteRoute }),
  },
  {
    path: '/admin/company/:companyId/adoption',
    lazy: async () => ({ Component: (await import('./routes/AdoptionRoute')).AdoptionRoute }),
  },
  {
    path: '/admin/company/:companyId/policy',
    lazy: async () => ({ Component: (await import('./routes/PolicyRoute')).PolicyRoute }),
  },
];

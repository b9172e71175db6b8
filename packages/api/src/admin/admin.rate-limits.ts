import type { RateLimitRule } from '../security/rate-limit';

/** Admin API reads per caller (staff member or machine client) a minute: a desk, not a scraper. */
export const ADMIN_READS_PER_ACTOR: RateLimitRule = { name: 'admin:read', limit: 120, windowSeconds: 60 };

/** Admin API changes per caller a minute. */
export const ADMIN_WRITES_PER_ACTOR: RateLimitRule = { name: 'admin:write', limit: 30, windowSeconds: 60 };

/** Searches per caller a minute: each may reach personal data of many accounts. */
export const ADMIN_SEARCHES_PER_ACTOR: RateLimitRule = { name: 'admin:search', limit: 30, windowSeconds: 60 };

/** Audit exports per caller an hour: a bulk export of personal data. */
export const ADMIN_EXPORTS_PER_ACTOR: RateLimitRule = {
  name: 'admin:export',
  limit: 10,
  windowSeconds: 3600,
};

/** Card imports per caller an hour: each may write hundreds of cards. */
export const ADMIN_CARD_IMPORTS_PER_ACTOR: RateLimitRule = {
  name: 'admin:card-import',
  limit: 20,
  windowSeconds: 3600,
};

/** SCIM token changes (create, revoke) per caller an hour: a bearer secret per creation. */
export const ADMIN_SCIM_TOKENS_PER_ACTOR: RateLimitRule = {
  name: 'admin:scim-token',
  limit: 20,
  windowSeconds: 3600,
};

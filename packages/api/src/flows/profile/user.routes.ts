import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { loadUser } from './user.queries';

/** GET /api/user: the logged-in user. */
const getUser = defineRoute({
  method: 'GET',
  url: '/user',
  auth: 'user',
  whileRestricted: true,
  response: userResponseSchema,
  async handler({ auth, request }) {
    const data = await loadUser(request.server.ctx.db, auth.userId);
    if (!data) throw new ApiError('unauthorized');
    return { data };
  },
});

export const userRoutes = [getUser];

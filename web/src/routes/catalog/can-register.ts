import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useIsAdmin } from '../../lib/use-session';
import { useAllTeams } from '../teams';

/** The check endpoint's limit of questions per request. */
const CHECKS_PER_REQUEST = 100;

/**
 * May the signed-in user register entities (New component, Register YAML, Register location)? Admins
 * may; anyone else when the server allows them to create an entity owned by at least one team, that
 * is, a maintainer of a team (decisions 1060, 1143). Asked through `POST /api/v1/permissions/check`
 * over the teams (100 questions per request), so the portal never decides a rule itself; pending or
 * failed, the actions stay hidden. What a refused document would say is still the server's 403.
 */
export function useCanRegister(): boolean {
  const isAdmin = useIsAdmin();
  const teams = useAllTeams(!isAdmin);
  const ids = isAdmin ? [] : (teams.data?.teams.map((t) => t.id) ?? []);
  const check = useQuery({
    queryKey: ['permissions', 'entity.create', 'any-team', ids] as const,
    enabled: !isAdmin && ids.length > 0,
    queryFn: async ({ signal }) => {
      for (let i = 0; i < ids.length; i += CHECKS_PER_REQUEST) {
        const checks = ids.slice(i, i + CHECKS_PER_REQUEST).map((resourceId) => ({
          action: 'entity.create' as const,
          resourceId,
        }));
        const { results } = unwrap(await api.POST('/api/v1/permissions/check', { body: { checks }, signal }));
        if (results.some((r) => r.allowed)) return true;
      }
      return false;
    },
    staleTime: 30_000,
  });
  return isAdmin || check.data === true;
}

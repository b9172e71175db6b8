import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { fetchMfaStatus, staffStepUpPath } from '../../lib/stepUp';

/**
 * Every change at the desk needs a fresh step-up made with an app or a key: `ensure` answers true
 * when the session holds a grant, else leads to the step-up and back here; `onRefused` does the
 * same for a 403 sudo_required the server gave (a grant made with a code it does not accept).
 */
export function useStaffStepUp() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const ensure = useCallback(async () => {
    const status = await fetchMfaStatus().catch(() => undefined);
    if (status?.sudo) return true;
    navigate(staffStepUpPath(back));
    return false;
  }, [navigate, back]);
  const onRefused = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError && error.code === 'sudo_required')) return false;
      navigate(staffStepUpPath(back));
      return true;
    },
    [navigate, back],
  );
  return { ensure, onRefused };
}

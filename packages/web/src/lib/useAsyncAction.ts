import { useCallback, useState } from 'react';

interface AsyncActionState {
  /** A call is running. */
  isPending: boolean;
  /** What the last call threw, until the next call starts. */
  error: Error | null;
}

/**
 * The part of TanStack Query's `useMutation` that the first page's two actions need (log in, log
 * out), so that the login page loads without TanStack Query (docs/performance.md): `run` resolves or
 * rejects like `mutateAsync`, and the state says whether a call is running and what the last threw.
 */
export function useAsyncAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [state, setState] = useState<AsyncActionState>({ isPending: false, error: null });
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setState({ isPending: true, error: null });
      try {
        const result = await action(...args);
        setState({ isPending: false, error: null });
        return result;
      } catch (error) {
        setState({ isPending: false, error: error instanceof Error ? error : new Error(String(error)) });
        throw error;
      }
    },
    [action],
  );
  return { ...state, run };
}

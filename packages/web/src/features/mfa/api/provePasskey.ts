import { useMutation } from '@tanstack/react-query';

/** What a passkey proof came to: the page a login goes on to (none for a step-up), or a cancelled prompt. */
type PasskeyProof = { next: string | null } | 'cancelled';

/**
 * The passkey ceremony that proves the second factor in place: the login's when its payload is
 * given (answering the next page), else the session's step-up. A closed prompt is an outcome, not
 * an error; the ceremony's code loads on first use.
 */
export function useProvePasskey() {
  return useMutation({
    mutationFn: async (input: {
      loginPayload: string | undefined;
      single: boolean;
    }): Promise<PasskeyProof> => {
      const { isCancelled, signInWithPasskey, stepUpWithPasskey } = await import(
        '../../../lib/passkeyCeremony'
      );
      try {
        if (input.loginPayload !== undefined) {
          return { next: await signInWithPasskey({ loginPayload: input.loginPayload }) };
        }
        await stepUpWithPasskey(input.single);
        return { next: null };
      } catch (error) {
        if (isCancelled(error)) return 'cancelled';
        throw error;
      }
    },
  });
}

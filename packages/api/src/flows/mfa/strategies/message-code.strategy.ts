import { MESSAGE_CODE_LENGTH } from '@vestibule/contract/constants';
import { codeMatches, createChallenge } from '../../../security/challenges/challenge';
import { type MfaStrategy, newChallenge } from './strategy';

/** SMS and e-mail: an 8-digit code goes through the outbox to the method's target. */
function messageCodeStrategy(kind: 'sms' | 'email'): MfaStrategy {
  return {
    kind,
    codeLength: MESSAGE_CODE_LENGTH,
    sendsCode: true,
    async start(trx, ctx, input) {
      if (!input.target) throw new Error(`${kind} challenge without a target`);
      return createChallenge(
        trx,
        ctx.secrets,
        { ...newChallenge(input, kind), target: input.target },
        { locale: input.user.language, publicUrls: ctx.config.publicUrls },
      );
    },
    async check(_trx, ctx, challenge, code) {
      return /^\d+$/.test(code) && codeMatches(ctx.secrets, challenge, code);
    },
  };
}

export const smsStrategy = messageCodeStrategy('sms');
export const emailStrategy = messageCodeStrategy('email');

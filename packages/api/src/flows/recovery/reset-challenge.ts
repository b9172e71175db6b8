import { CODE_CHALLENGE_TTL_SECONDS, MESSAGE_CODE_LENGTH } from '@vestibule/contract/constants';
import type { RecoveryTechnology } from '@vestibule/contract/schemas/recovery';
import type { Username } from '@vestibule/contract/username';
import type { FastifyRequest } from 'fastify';
import type { RecoveryAccount } from '../../account/users';
import type { Db } from '../../db/database';
import { maskRecipient } from '../../delivery/mask';
import { sendMessage } from '../../delivery/messages/send';
import {
  type Challenge,
  createChallenge,
  requireResendDue,
  resendInSeconds,
  sendChallengeCode,
} from '../../security/challenges/challenge';
import type { SecretBox } from '../../security/secret-box';
import { newNumericCode } from '../../security/tokens';

// A forgot-password request is one code challenge (purpose `password_reset`, the challenge core of
// docs/decisions/0005) bound to the device and edition that asked. For an unknown account, an
// unverified contact or a spent send budget, the challenge is the same row without a code: every
// answer, countdown and failure looks alike, but nothing is sent (CONVENTIONS "Unknown address,
// same answer").

export const RESET_PURPOSE = 'password_reset';

export interface ResetChallengeData {
  /** The e-mail or E.164 phone typed, normalised. */
  username: string;
  username_kind: Username['kind'];
  [key: string]: unknown;
}

export function technologyOf(channel: string | null): RecoveryTechnology {
  return channel === 'sms' ? 'SMS' : 'EMAIL';
}

export function channelOf(technology: RecoveryTechnology): 'sms' | 'email' {
  return technology === 'SMS' ? 'sms' : 'email';
}

export function dataOf(challenge: Challenge): ResetChallengeData {
  return challenge.data as ResetChallengeData;
}

/** The answer of a start or a resend, identical in shape whether a code really went out. */
export function resetChallengeAnswer(challenge: Challenge) {
  const data = dataOf(challenge);
  const technology = technologyOf(challenge.channel);
  const sameKind = (data.username_kind === 'phone') === (technology === 'SMS');
  return {
    // Only what the user typed is echoed (masked); the account's other contact stays undisclosed.
    recipient: sameKind ? [maskRecipient(data.username)] : [],
    technology,
    payload: challenge.id,
    code_length: MESSAGE_CODE_LENGTH,
    resend_in: resendInSeconds(challenge),
    expires_at: new Date(challenge.expires_at).toISOString(),
  };
}

/** Marks a send that did not happen: the countdown runs, any earlier code dies. */
async function pretendSend(db: Db, challenge: Challenge, options: { resend: boolean }): Promise<Challenge> {
  if (options.resend) {
    requireResendDue(challenge);
  }
  return db
    .updateTable('code_challenges')
    .set((eb) => ({
      code_hash: null,
      last_sent_at: new Date(),
      resend_count: options.resend ? eb('resend_count', '+', 1) : eb.val(0),
    }))
    .where('id', '=', challenge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Starts a request: with an account and a target the code goes out through the outbox in `trx`;
 * otherwise the same row is made and nothing is sent.
 */
export async function startResetChallenge(
  trx: Db,
  request: FastifyRequest,
  input: { username: Username; account: RecoveryAccount | undefined; send: boolean },
): Promise<Challenge> {
  const channel = input.username.kind === 'phone' ? 'sms' : 'email';
  const real = input.account !== undefined && input.send;
  const data: ResetChallengeData = { username: input.username.value, username_kind: input.username.kind };
  const challenge = await createChallenge(
    trx,
    request.server.ctx.secrets,
    {
      purpose: RESET_PURPOSE,
      userId: input.account?.id ?? null,
      edition: request.edition.id,
      channel,
      target: real ? input.username.value : null,
      deviceId: request.deviceId,
      data,
    },
    real ? { locale: input.account!.language, publicUrls: request.server.ctx.config.publicUrls } : undefined,
  );
  return real ? challenge : pretendSend(trx, challenge, { resend: false });
}

/** Resends by the chosen channel to `target`, or pretends when there is none. */
export async function resendResetChallenge(
  trx: Db,
  request: FastifyRequest,
  challenge: Challenge,
  input: { channel: 'sms' | 'email'; target: string | null; locale: string },
): Promise<Challenge> {
  const switched = await trx
    .updateTable('code_challenges')
    .set({ channel: input.channel, target: input.target })
    .where('id', '=', challenge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!input.target) return pretendSend(trx, switched, { resend: true });
  return sendChallengeCode(
    trx,
    request.server.ctx.secrets,
    switched,
    { locale: input.locale, publicUrls: request.server.ctx.config.publicUrls },
    { resend: true },
  );
}

/**
 * Whether this request may use a reset challenge: same purpose, device and edition. A reset the
 * support desk sent (decision 0076) has no device: its link and code went to a verified address of
 * the account together, and the device that opens the link is bound by the reset token.
 */
export function belongsToRequest(challenge: Challenge, request: FastifyRequest, purpose: string): boolean {
  const device =
    challenge.device_id === request.deviceId ||
    (challenge.device_id === null && dataOf(challenge).by_staff === true);
  return challenge.purpose === purpose && device && challenge.edition === request.edition.id;
}

/**
 * A reset sent by the support desk to a verified e-mail of the account: a code and a link to the
 * page that takes it, in one message, in `trx`. No device is bound until the link is opened.
 */
export async function startStaffResetChallenge(
  trx: Db,
  secrets: SecretBox,
  input: {
    userId: number;
    edition: string;
    email: string;
    locale: string;
    publicUrls: Readonly<Partial<Record<string, string>>>;
  },
): Promise<Challenge> {
  const data: ResetChallengeData = { username: input.email, username_kind: 'email', by_staff: true };
  const challenge = await createChallenge(trx, secrets, {
    purpose: RESET_PURPOSE,
    userId: input.userId,
    edition: input.edition,
    channel: 'email',
    target: input.email,
    deviceId: null,
    data,
  });
  const code = newNumericCode(MESSAGE_CODE_LENGTH);
  const sent = await trx
    .updateTable('code_challenges')
    .set({ code_hash: secrets.hash(challenge.id, code), last_sent_at: new Date(), resend_count: 0 })
    .where('id', '=', challenge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await sendMessage(
    trx,
    { secrets, publicUrls: input.publicUrls },
    {
      purpose: 'staff_password_reset',
      edition: input.edition,
      locale: input.locale,
      values: { code, minutes: Math.round(CODE_CHALLENGE_TTL_SECONDS / 60), payload: challenge.id },
      to: [{ channel: 'email', address: input.email }],
    },
  );
  return sent;
}

/**
 * Recovery answers take at least this long, so that the few milliseconds of writing a message
 * for a known account do not tell it from an unknown one.
 */
export const RECOVERY_MIN_ANSWER_MS = 300;

export async function padAnswerTime(startedAt: number): Promise<void> {
  const wait = RECOVERY_MIN_ANSWER_MS - (performance.now() - startedAt);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

import { randomUUID } from 'node:crypto';
import type { EditionId } from '@vestibule/contract/editions';
import { legalVersion } from '@vestibule/contract/legal';
import {
  ONBOARDING_STEPS,
  type OnboardingState,
  type OnboardingStep,
} from '@vestibule/contract/schemas/onboarding';
import type { FastifyRequest } from 'fastify';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { OnboardingFlowsTable } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { openIdentifier } from '../../security/sealed-identifiers';
import { contestedContacts } from './duplicates';

export type FlowRow = Selectable<OnboardingFlowsTable>;

/** An abandoned sign-up can be resumed for a day; then it expires and nothing of it remains. */
export const FLOW_TTL_SECONDS = 24 * 60 * 60;

export function stepIndex(step: OnboardingStep): number {
  return ONBOARDING_STEPS.indexOf(step);
}

/** The later of two steps: going back to an earlier screen never moves the flow back. */
export function furthest(a: OnboardingStep, b: OnboardingStep): OnboardingStep {
  return stepIndex(a) >= stepIndex(b) ? a : b;
}

export async function insertFlow(
  db: Db,
  request: FastifyRequest,
  input: Pick<FlowRow, 'kind' | 'card_id' | 'invitation_id' | 'firstname' | 'lastname' | 'email'>,
): Promise<FlowRow> {
  return db
    .insertInto('onboarding_flows')
    .values({
      id: randomUUID(),
      edition: request.edition.id,
      step: 'terms',
      device_id: request.deviceId,
      language: request.language,
      ...input,
      expires_at: new Date(Date.now() + FLOW_TTL_SECONDS * 1000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The live flow of this id for this device and edition, locked for the transaction when asked.
 * Unknown, foreign (another device or edition) and expired flows all answer 410
 * onboarding_expired: the SPA starts again.
 */
export async function loadFlow(
  db: Db,
  request: FastifyRequest,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<FlowRow> {
  let query = db.selectFrom('onboarding_flows').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const flow = await query.executeTakeFirst();
  if (
    !flow ||
    flow.device_id !== request.deviceId ||
    flow.edition !== request.edition.id ||
    (flow.completed_at === null && new Date(flow.expires_at).getTime() <= Date.now())
  )
    throw new ApiError('onboarding_expired');
  return flow;
}

/** The flow must have reached `step` and not be finished (409 onboarding_step otherwise). */
export function requireStep(flow: FlowRow, step: OnboardingStep): void {
  if (flow.step === 'done' || stepIndex(flow.step) < stepIndex(step)) throw new ApiError('onboarding_step');
}

export async function updateFlow(db: Db, id: string, changes: Updateable<OnboardingFlowsTable>) {
  return db
    .updateTable('onboarding_flows')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Housekeeping on each start: unfinished flows expired more than a day ago are deleted. */
export async function purgeExpiredFlows(db: Db): Promise<void> {
  await db
    .deleteFrom('onboarding_flows')
    .where('completed_at', 'is', null)
    .where('expires_at', '<', new Date(Date.now() - 24 * 60 * 60 * 1000))
    .execute();
}

/** What the SPA draws, in the request's language: the flow, its card or invitation, and the terms to accept. */
export async function flowState(request: FastifyRequest, flow: FlowRow): Promise<OnboardingState> {
  const { db, secrets } = request.server.ctx;
  const { language } = request;
  let company: string | null = null;
  let cardLast4: string | null = null;
  let invitationEmail: string | null = null;
  if (flow.card_id !== null) {
    const card = await db
      .selectFrom('cards')
      .leftJoin('companies', 'companies.id', 'cards.company_id')
      .select(['cards.number', 'companies.name'])
      .where('cards.id', '=', flow.card_id)
      .executeTakeFirst();
    company = card?.name ?? null;
    cardLast4 = card ? openIdentifier(secrets, card.number).slice(-4) : null;
  }
  if (flow.invitation_id !== null) {
    const invitation = await db
      .selectFrom('invitations')
      .innerJoin('companies', 'companies.id', 'invitations.company_id')
      .select(['invitations.email', 'companies.name'])
      .where('invitations.id', '=', flow.invitation_id)
      .executeTakeFirst();
    company = invitation?.name ?? null;
    invitationEmail = invitation?.email ?? null;
  }
  const edition = flow.edition as EditionId;
  const terms = legalVersion(edition, 'terms', language);
  return {
    id: flow.id,
    kind: flow.kind,
    step: flow.step,
    expires_at: new Date(flow.expires_at).toISOString(),
    company,
    card_last4: cardLast4,
    firstname: flow.firstname,
    lastname: flow.lastname,
    email: flow.email,
    email_verified: flow.email_verified_at !== null,
    invitation_email: invitationEmail,
    phone: flow.phone,
    phone_verified: flow.phone_verified_at !== null,
    terms: {
      terms_version: terms.version,
      privacy_version: legalVersion(edition, 'privacy', language).version,
      language: terms.language,
    },
    terms_accepted: flow.terms_accepted_at !== null,
    marketing_email: flow.marketing_email,
    marketing_sms: flow.marketing_sms,
    outcome: flow.outcome,
    duplicate: await duplicateOf(db, flow),
  };
}

/** The proven contact another account uses, as the duplicate-found screen shows it. */
async function duplicateOf(db: Db, flow: FlowRow): Promise<OnboardingState['duplicate']> {
  const [first] = await contestedContacts(db, flow);
  return first ? { method: first.method, target: first.target } : null;
}

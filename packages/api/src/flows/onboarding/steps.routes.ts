import type { EditionId } from '@vestibule/contract/editions';
import { legalVersion } from '@vestibule/contract/legal';
import {
  onboardingAccountRequestSchema,
  onboardingStateSchema,
  onboardingTermsRequestSchema,
} from '@vestibule/contract/schemas/onboarding';
import { emailSchema } from '@vestibule/contract/username';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { flowState, furthest, loadFlow, requireStep, updateFlow } from './flow.queries';

/**
 * POST /api/onboarding/terms: accepts the terms and the privacy statement (both required, in
 * the versions current for the edition and language) and records the marketing preferences
 * (optional). Stored on the flow; copied to the account with version, language and time when it is
 * created.
 */
const acceptTerms = defineRoute({
  method: 'POST',
  url: '/onboarding/terms',
  summary: 'Accept the terms during sign-up',
  auth: 'public',
  body: onboardingTermsRequestSchema,
  response: onboardingStateSchema,
  handler: async function acceptTerms({ body, request, db }) {
    const flow = await loadFlow(db, request, body.flow);
    // The code was accepted: the flow is past its start.
    requireStep(flow, 'terms');
    // Terms and privacy are required to use the card (SPEC §5).
    if (!body.accept_terms || !body.accept_privacy) throw new ApiError('terms_required');
    // The versions read must be the current ones for this edition and language.
    const edition = flow.edition as EditionId;
    const terms = legalVersion(edition, 'terms', request.language);
    const privacy = legalVersion(edition, 'privacy', request.language);
    if (body.terms_version !== terms.version || body.privacy_version !== privacy.version)
      throw new ApiError('terms_outdated');
    const updated = await updateFlow(db, flow.id, {
      terms_version: terms.version,
      privacy_version: privacy.version,
      terms_language: terms.language,
      terms_accepted_at: new Date(),
      marketing_email: body.marketing_email ?? false,
      marketing_sms: body.marketing_sms ?? false,
      step: furthest(flow.step, 'create'),
    });
    return flowState(request, updated);
  },
});

/**
 * POST /api/onboarding/account {firstname, lastname, email}: who the account is for. A
 * malformed e-mail answers 422 onboarding_invalid_email (SPEC §5). Whether another account uses
 * it is not told here: a code must first prove control of it (then a merge is offered, see
 * duplicates.ts). A new address must be verified again.
 */
const describeAccount = defineRoute({
  method: 'POST',
  url: '/onboarding/account',
  summary: 'Give the personal details during sign-up',
  auth: 'public',
  body: onboardingAccountRequestSchema,
  response: onboardingStateSchema,
  handler: async function describeAccount({ body, request, db }) {
    const flow = await loadFlow(db, request, body.flow);
    // Terms come first.
    requireStep(flow, 'create');
    // A well-formed address.
    const parsed = emailSchema.safeParse(body.email);
    if (!parsed.success) throw new ApiError('onboarding_invalid_email');
    const email = parsed.data;
    const changed = email !== flow.email;
    const updated = await updateFlow(db, flow.id, {
      firstname: body.firstname,
      lastname: body.lastname,
      email,
      ...(changed
        ? { email_verified_at: null, step: 'email' as const }
        : { step: furthest(flow.step, 'email') }),
    });
    return flowState(request, updated);
  },
});

export const onboardingStepRoutes = [acceptTerms, describeAccount];

import { contactConfirmAnswerSchema } from '@vestibule/contract/schemas/fuzzion';
import {
  type ContactKind,
  codeConfirmRequestSchema,
  contactChallengeResponseSchema,
  contactIdParamsSchema,
  emailContactRequestSchema,
  phoneContactRequestSchema,
} from '@vestibule/contract/schemas/profile';
import { type User, userResponseSchema } from '@vestibule/contract/schemas/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notifyChange, type Recipient, recipients } from '../../account/change-notice';
import {
  backsMfaMethod,
  CHANNEL,
  contactOwner,
  deleteContact,
  insertContact,
  lockContacts,
  markVerified,
  normaliseContact,
  ownContact,
  primaryAddresses,
  replaceContactValue,
  requireFree,
  requireFreelyEditable,
  setDefaultContact,
} from '../../account/contacts';
import { profileTag, requireCurrentProfile } from '../../account/profile-version';
import { requireSudo } from '../../account/step-up';
import { type ChallengeUser, requireProfile, requireUser } from '../../account/users';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import type { AuthContext } from '../../http/authenticate';
import { defineRoute } from '../../http/route';
import type { SecretBox } from '../../security/secret-box';
import { offerFuzzion } from '../fuzzion/index';
import { confirmAddressChallenge, startAddressChallenge } from './contact-challenge';

// Contacts (SPEC §3, §4, §5; docs/decisions/0010): /api/user/emails and /api/user/phones, one
// set of routes per kind. Each change honours If-Match against the user's version (decision 0071). A new or changed address counts only once a code sent to it comes back.
// Adding an address and changing one to a new address give the account a new login and recovery
// address: they need a step-up (403 sudo_required, docs/decisions/0013). Verify, delete and
// primary bring in no new address and need none.

const SEGMENT: Record<ContactKind, string> = { email: 'emails', phone: 'phones' };

/** The user's version on an answer that carries the user (not on a merge offer). */
function tagAnswer<T extends object>(reply: FastifyReply, answer: T): T {
  if ('data' in answer) reply.header('etag', profileTag(answer.data as User));
  return answer;
}

async function answerUser(db: Db, secrets: SecretBox, userId: number) {
  return { data: await requireProfile(db, secrets, userId) };
}

/** The primary e-mail and phone of the account, as notice recipients. */
async function primaryRecipients(db: Db, userId: number): Promise<Recipient[]> {
  const primary = await primaryAddresses(db, userId);
  return recipients(
    primary.email !== undefined && { channel: 'email', address: primary.email },
    primary.phone !== undefined && { channel: 'sms', address: primary.phone },
  );
}

async function confirmContact(
  request: FastifyRequest,
  auth: AuthContext,
  kind: ContactKind,
  user: ChallengeUser,
  body: { payload: string; code: string },
) {
  const channel = CHANNEL[kind];
  return confirmAddressChallenge(
    request,
    auth,
    { purpose: 'contact', kind, payload: body.payload, code: body.code },
    async (trx, challenge) => {
      const target = challenge.target as string;
      const action = challenge.data.action as 'add' | 'update' | 'verify';
      const contactId = typeof challenge.data.contact_id === 'number' ? challenge.data.contact_id : null;
      const rows = await lockContacts(trx, user.id, kind);
      const before = await primaryRecipients(trx, user.id);
      if (action === 'verify') {
        const contact = rows.find((row) => row.id === contactId && row.value === target);
        if (!contact) throw new ApiError('not_found');
        await markVerified(trx, kind, contact.id);
        await auditContact(trx, request, user, 'contact.verified', kind, contact.id);
        return answerUser(trx, request.server.ctx.secrets, user.id);
      }
      if (action === 'add') {
        const offer = await offerFuzzion(trx, request, auth, user, CHANNEL[kind], target);
        if (offer) return offer;
      }
      // Checked again under the transaction: another account may have taken it meanwhile.
      await requireFree(trx, user.edition, kind, target);
      if (action === 'add') {
        await insertContact(trx, user, kind, target, !rows.some((row) => row.is_default));
        await audit(
          trx,
          { kind: 'contact.added', userId: user.id, edition: user.edition, detail: { kind } },
          request,
        );
        await notifyChange(
          trx,
          request,
          user,
          'contact_added',
          recipients(...before, { channel, address: target }),
          {
            contact: target,
          },
        );
        return answerUser(trx, request.server.ctx.secrets, user.id);
      }
      const contact = rows.find((row) => row.id === contactId);
      if (!contact) throw new ApiError('not_found');
      await requireFreelyEditable(trx, user.id, kind, contact);
      await replaceContactValue(trx, kind, contact.id, target);
      await auditContact(trx, request, user, 'contact.updated', kind, contact.id);
      const old = contact.verified_at !== null && { channel, address: contact.value };
      await notifyChange(
        trx,
        request,
        user,
        'contact_updated',
        recipients(old, ...before, { channel, address: target }),
        {
          contact: target,
        },
      );
      return answerUser(trx, request.server.ctx.secrets, user.id);
    },
  );
}

/**
 * A change to one of the user's contacts, in one transaction on the version the client read: the
 * contact found among its kind's, all locked; the answer is the user as the change left it.
 */
async function changeOwnContact(
  request: FastifyRequest,
  auth: AuthContext,
  reply: FastifyReply,
  kind: ContactKind,
  id: number,
  change: (trx: Db, user: ChallengeUser, own: Awaited<ReturnType<typeof ownContact>>) => Promise<void>,
) {
  const { db, secrets } = request.server.ctx;
  const user = await requireUser(db, auth);
  const answer = await db.transaction().execute(async (trx) => {
    await requireCurrentProfile(trx, request, user.id);
    await change(trx, user, await ownContact(trx, user.id, kind, id, true));
    return answerUser(trx, secrets, user.id);
  });
  outboxWorkerOf(request.server)?.notify();
  return tagAnswer(reply, answer);
}

/** The audit row of a change to a contact: which kind, which contact. */
function auditContact(
  trx: Db,
  request: FastifyRequest,
  user: ChallengeUser,
  event: 'contact.verified' | 'contact.updated' | 'contact.removed' | 'contact.primary_changed',
  kind: ContactKind,
  id: number,
) {
  return audit(trx, { kind: event, userId: user.id, edition: user.edition, detail: { kind, id } }, request);
}

function routesFor(kind: ContactKind) {
  const base = `/user/${SEGMENT[kind]}`;
  const noun = kind === 'email' ? 'e-mail address' : 'phone number';
  const bodySchema = kind === 'email' ? emailContactRequestSchema : phoneContactRequestSchema;
  const typed = (body: unknown) =>
    kind === 'email' ? (body as { email: string }).email : (body as { phone: string }).phone;

  /**
   * POST …: sends a code to a new address; it joins the account once confirmed. Needs a step-up,
   * checked after what was typed so that a typo or a duplicate does not use up a single grant.
   */
  const add = defineRoute({
    method: 'POST',
    url: base,
    summary: `Add a contact ${noun}: sends a code to it`,
    auth: 'user',
    body: bodySchema,
    response: contactChallengeResponseSchema,
    status: 202,
    handler: async function add({ body, auth, request, db }) {
      const user = await requireUser(db, auth);
      await requireCurrentProfile(db, request, user.id);
      const target = normaliseContact(kind, typed(body), user.edition);
      // Another account's address: the code still goes there and proving it offers a merge
      // (docs/decisions/0012-fuzzion.md); this account's own address stays "already used".
      const owner = await contactOwner(db, user.edition, CHANNEL[kind], target);
      if (owner === user.id) await requireFree(db, user.edition, kind, target);
      const challenge = await startAddressChallenge(request, auth, user, {
        purpose: 'contact',
        kind,
        target,
        data: { action: 'add' },
        sudo: true,
      });
      return owner === undefined ? challenge : { ...challenge, fuzzion: true };
    },
  });

  /** POST …/confirm {payload, code}: the code proves the address; answers the updated user. */
  const confirm = defineRoute({
    method: 'POST',
    url: `${base}/confirm`,
    summary: `Confirm a new contact ${noun} with its code`,
    auth: 'user',
    body: codeConfirmRequestSchema,
    response: contactConfirmAnswerSchema,
    handler: async function confirm({ body, auth, request, reply, db }) {
      const user = await requireUser(db, auth);
      return tagAnswer(reply, await confirmContact(request, auth, kind, user, body));
    },
  });

  /** POST …/{id}/verify: a code to an unverified contact of the user; 204 when already verified. */
  const verify = defineRoute({
    method: 'POST',
    url: `${base}/:id/verify`,
    summary: `Verify a contact ${noun}: sends a code to it`,
    auth: 'user',
    params: contactIdParamsSchema,
    response: contactChallengeResponseSchema,
    status: 202,
    handler: async function verify({ params, auth, request, reply, db }) {
      const user = await requireUser(db, auth);
      await requireCurrentProfile(db, request, user.id);
      const { contact } = await ownContact(db, user.id, kind, params.id);
      if (contact.verified_at !== null) return reply.code(204).send();
      return startAddressChallenge(request, auth, user, {
        purpose: 'contact',
        kind,
        target: contact.value,
        data: { action: 'verify', contact_id: contact.id },
      });
    },
  });

  /**
   * PUT …/{id}: replaces a (non-primary, non-MFA) contact by a new address, once proven. A new
   * address is a new way in: a step-up, as for adding (none when the address is unchanged).
   */
  const update = defineRoute({
    method: 'PUT',
    url: `${base}/:id`,
    summary: `Replace a contact ${noun}: sends a code to the new one`,
    auth: 'user',
    params: contactIdParamsSchema,
    body: bodySchema,
    response: contactChallengeResponseSchema,
    status: 202,
    handler: async function update({ params, body, auth, request, reply, db }) {
      const user = await requireUser(db, auth);
      await requireCurrentProfile(db, request, user.id);
      const { contact } = await ownContact(db, user.id, kind, params.id);
      await requireFreelyEditable(db, user.id, kind, contact);
      const target = normaliseContact(kind, typed(body), user.edition);
      if (target === contact.value) return reply.code(204).send();
      await requireFree(db, user.edition, kind, target);
      return startAddressChallenge(request, auth, user, {
        purpose: 'contact',
        kind,
        target,
        data: { action: 'update', contact_id: contact.id },
        sudo: true,
      });
    },
  });

  /**
   * DELETE …/{id}: one e-mail and one phone always remain; the primary and MFA ones stay. Behind a
   * step-up like adding one, checked last so that a refused delete keeps a single grant.
   */
  const remove = defineRoute({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Remove a contact ${noun}`,
    auth: 'user',
    params: contactIdParamsSchema,
    response: userResponseSchema,
    handler: async function remove({ params, auth, request, reply }) {
      return changeOwnContact(request, auth, reply, kind, params.id, async (trx, user, { contact, rows }) => {
        if (rows.length <= 1) throw new ApiError('contact_minimum');
        await requireFreelyEditable(trx, user.id, kind, contact);
        await requireSudo(trx, auth);
        await deleteContact(trx, kind, contact.id);
        await auditContact(trx, request, user, 'contact.removed', kind, contact.id);
        const removed = contact.verified_at !== null && { channel: CHANNEL[kind], address: contact.value };
        await notifyChange(
          trx,
          request,
          user,
          'contact_removed',
          recipients(removed, ...(await primaryRecipients(trx, user.id))),
          { contact: contact.value },
        );
      });
    },
  });

  /**
   * POST …/{id}/primary: only a verified contact on which two-step verification is turned on
   * (an MFA method of the kind sends its codes there) may become primary (SPEC §4).
   */
  const primary = defineRoute({
    method: 'POST',
    url: `${base}/:id/primary`,
    summary: `Make a contact ${noun} the primary one`,
    auth: 'user',
    params: contactIdParamsSchema,
    response: userResponseSchema,
    handler: async function primary({ params, auth, request, reply }) {
      return changeOwnContact(request, auth, reply, kind, params.id, async (trx, user, { contact, rows }) => {
        if (contact.is_default) return;
        if (contact.verified_at === null || !(await backsMfaMethod(trx, user.id, kind, contact.value)))
          throw new ApiError('primary_needs_mfa');
        const previous = rows.find((row) => row.is_default);
        await setDefaultContact(trx, user.id, kind, contact.id);
        await auditContact(trx, request, user, 'contact.primary_changed', kind, contact.id);
        const channel = CHANNEL[kind];
        await notifyChange(
          trx,
          request,
          user,
          'primary_changed',
          recipients(previous?.verified_at ? { channel, address: previous.value } : undefined, {
            channel,
            address: contact.value,
          }),
          { contact: contact.value },
        );
      });
    },
  });

  return [add, confirm, verify, update, remove, primary];
}

export const contactRoutes = [...routesFor('email'), ...routesFor('phone')];

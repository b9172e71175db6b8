// The outbox's side of a crash run: what a kill does to delivery (at least once, docs/operations.md
// §9), the drain at the end, and the bound on copies. check.ts compares every delivery with the
// outbox; this part predicts how many copies the kills may explain.
import { createDecipheriv, hkdfSync } from 'node:crypto';
import { ApiClient, sleep } from '../server.mjs';
import { ENCRYPTION_KEY, LEASE_SECONDS } from './options.mjs';

/**
 * Outbox bodies are sealed at rest (decision 0017): this is the opening half of the server's
 * secret box (packages/api/src/security/secret-box.ts: AES-256-GCM under an HKDF sub-key of
 * ENCRYPTION_KEY, `v1:iv:tag:body` in base64url), for this plain-Node script.
 */
const bodyKey = Buffer.from(
  hkdfSync('sha256', Buffer.from(ENCRYPTION_KEY, 'base64'), Buffer.alloc(0), 'vestibule:aes-gcm', 32),
);
function openBody(row) {
  if (row.body_text === null || !row.body_sealed) return row.body_text;
  const [, iv, tag, body] = row.body_text.split(':');
  const decipher = createDecipheriv('aes-256-gcm', bodyKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The Message-ID the server gives an outbox e-mail (delivery/worker.ts). */
const messageIdOf = (row) => `<outbox.${row.id}.${new Date(row.created_at).getTime()}@vestibule.test>`;

/**
 * PostgreSQL only, between the kill and the restart: the dead process's claims on the outbox, and
 * which of them the SMTP server or SMS API had already accepted (they will be sent again: at least
 * once). The claims are then released as their lease running out would release them, so that the
 * next server delivers them now rather than in two minutes.
 */
export async function releaseClaimsOfTheDead(db, deliveries) {
  const { rows } = await db.query(
    `SELECT id, channel, recipient, body_text, body_sealed, created_at FROM outbox
     WHERE status = 'pending' AND locked_until IS NOT NULL`,
  );
  const claimsAlreadyAccepted = rows.filter((row) =>
    deliveries.some((d) =>
      row.channel === 'email'
        ? d.messageId === messageIdOf(row)
        : d.channel === 'sms' && d.to === row.recipient && d.body === openBody(row),
    ),
  ).length;
  await db.query(
    `UPDATE outbox SET locked_until = NULL WHERE status = 'pending' AND locked_until IS NOT NULL`,
  );
  return { claimsOfTheDead: rows.length, claimsAlreadyAccepted };
}

/**
 * Waits until no message is pending; answers the last depth seen (0 when drained). The worker
 * sends one message at a time, so a backlog takes a while: the wait goes on as long as the backlog
 * shrinks, and gives up after a lease (plus a margin) without progress: a claim of a killed
 * process waits for its lease to run out (on PGlite nobody releases it early).
 */
export async function drainOutbox(origin) {
  const stallMs = (LEASE_SECONDS + 30) * 1000;
  let depth = Number.NaN;
  let lastProgress = Date.now();
  let lowest = Number.POSITIVE_INFINITY;
  const metricsClient = new ApiClient(origin);
  while (Date.now() - lastProgress < stallMs) {
    const metrics = await metricsClient.call('GET', '/metrics', { api: false });
    depth = Number(/^vestibule_outbox_depth (\d+)/m.exec(String(metrics.body))?.[1] ?? Number.NaN);
    if (depth === 0) break;
    if (depth < lowest) {
      lowest = depth;
      lastProgress = Date.now();
    }
    await sleep(1_000);
  }
  return depth;
}

/**
 * PostgreSQL only: a copy delivered across a kill must be one of the claims that a provider had
 * accepted before the kill; more copies than that mean the outbox sent something twice by itself.
 */
export function checkRedeliveries(finalStats, predicted, failures) {
  const copies = finalStats.delivery?.duplicatesAcrossKill;
  if (copies > predicted)
    failures.push(
      `${copies} redeliveries after kills, but only ${predicted} claims of dead processes had been accepted by a provider`,
    );
}

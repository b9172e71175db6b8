import { maskRecipient } from './mask';
import type { OutboxMessage, OutboxRow } from './message';

const MAX_ERROR_LENGTH = 500;

/**
 * The last_error text of a failed attempt: what went wrong, never what was being sent. Message
 * content is cut out, recipients are masked and digit runs (codes) are blanked, so the column
 * and the log line built from it are safe to show to operators.
 */
export function describeDeliveryError(
  error: unknown,
  message: OutboxMessage | OutboxRow,
  transportName: string,
): string {
  const code = (error as { code?: unknown })?.code;
  let text = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && !text.includes(code)) text = `${code} ${text}`;
  for (const content of [message.body_text, message.body_html, message.subject]) {
    if (content && text.includes(content)) text = text.split(content).join('[content]');
  }
  text = text.split(message.recipient).join(maskRecipient(message.recipient));
  text = text
    .replace(/\d{6,}/g, '[digits]')
    .replace(/\s+/g, ' ')
    .trim();
  return `${transportName}: ${text}`.slice(0, MAX_ERROR_LENGTH);
}

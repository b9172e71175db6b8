import { openBody } from '../../src/delivery/sealed-body';
import { TEST_SECRETS } from './test-app';

/** The readable text of an outbox row (bodies are sealed at rest; the dev inbox keeps them). */
export function bodyText(row: { body_text: string | null; body_sealed: boolean }): string {
  const { bodyText: text } = openBody(TEST_SECRETS, { ...row, body_html: null });
  if (text === null) throw new Error('this message was delivered and its body dropped');
  return text;
}

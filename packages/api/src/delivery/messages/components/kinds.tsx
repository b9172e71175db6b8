import type { MessageContext } from '../context';
import type { CODE_PURPOSES, Purpose } from '../purposes';
import { Action, CodeBox, NotMe, Paragraph } from './blocks';
import { Layout } from './Layout';

type CodePurpose = (typeof CODE_PURPOSES)[number];

/** A message carrying a one-time code: what it is for, the code, how long, never share it. */
export function CodeEmail({ m }: { m: MessageContext<CodePurpose> }) {
  return (
    <Layout m={m}>
      <Paragraph>{m.texts.body}</Paragraph>
      <CodeBox m={m} code={m.values.code} label={m.common.codeLabel} />
      <Paragraph>{m.common.validFor}</Paragraph>
      <Paragraph>{m.common.neverShare}</Paragraph>
      <Paragraph muted>{m.common.notAsked}</Paragraph>
    </Layout>
  );
}

/** A notice about a change to the account: what changed, and the way back if it was not them. */
export function NoticeEmail({ m, extra }: { m: MessageContext<Purpose>; extra?: string | undefined }) {
  return (
    <Layout m={m}>
      <Paragraph>{m.texts.body}</Paragraph>
      {extra ? <Paragraph>{extra}</Paragraph> : null}
      <Paragraph>{m.common.ifYou}</Paragraph>
      <NotMe m={m} />
    </Layout>
  );
}

/** A message leading to a page of the portal, optionally with a code to type there. */
export function ActionEmail({
  m,
  action,
  path,
  code,
  notMe,
}: {
  m: MessageContext<Purpose>;
  action: string;
  path: string;
  code?: { value: string; label: string } | undefined;
  notMe?: boolean;
}) {
  return (
    <Layout m={m}>
      <Paragraph>{m.texts.body}</Paragraph>
      {code ? <CodeBox m={m} code={code.value} label={code.label} /> : null}
      <Action m={m} path={path} label={action} />
      {notMe ? <NotMe m={m} /> : null}
    </Layout>
  );
}

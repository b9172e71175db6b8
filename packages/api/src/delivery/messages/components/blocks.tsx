import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MessageContext } from '../context';
import { FONT, INK, MONO, MUTED, small, text } from './styles';

export function Paragraph({ children, muted }: { children: string; muted?: boolean }) {
  return (
    <Text className={muted ? 'muted' : 'ink'} style={muted ? { ...text, color: MUTED } : text}>
      {children}
    </Text>
  );
}

/**
 * The code, large and alone in its box: no spaces or separators inside, so a double tap or a copy
 * takes exactly the code; `user-select: all` selects it whole where the client allows.
 */
export function CodeBox({ m, code, label }: { m: MessageContext; code: string; label: string }) {
  // An invitation code (11 characters) must fit one line of a 390 px phone too.
  const long = code.length > 8;
  return (
    <Section style={{ margin: '8px 0 24px', textAlign: 'center' }}>
      <Text className="muted" style={{ ...small, textAlign: 'center' }}>
        {label}
      </Text>
      <Text
        className="code"
        style={{
          fontFamily: MONO,
          fontSize: long ? '26px' : '34px',
          lineHeight: '44px',
          fontWeight: 700,
          letterSpacing: long ? '3px' : '6px',
          whiteSpace: 'nowrap',
          color: INK,
          backgroundColor: m.brand.colours.soft,
          border: `2px solid ${m.brand.colours.brand}`,
          borderRadius: '10px',
          padding: '12px 16px',
          margin: '0 auto',
          textAlign: 'center',
          userSelect: 'all',
          WebkitUserSelect: 'all',
        }}
      >
        {code}
      </Text>
    </Section>
  );
}

/** A button to a page of the portal, with its address written out for clients that block buttons. */
export function Action({
  m,
  path,
  label,
  inPanel = false,
}: {
  m: MessageContext;
  path: string;
  label: string;
  /** Last thing of a panel: the panel's padding is its margin. */
  inPanel?: boolean;
}) {
  const href = m.link(path);
  return (
    <Section style={{ margin: inPanel ? '0' : '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: m.brand.colours.brand,
          color: '#ffffff',
          fontFamily: FONT,
          fontSize: '16px',
          fontWeight: 700,
          borderRadius: '8px',
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
      {/* The text part writes the address after the button's label already. */}
      <Text
        data-skip-in-text="true"
        className="muted"
        style={{ ...small, margin: '12px 0 0', wordBreak: 'break-all' }}
      >
        {m.common.linkFallback} {href}
      </Text>
    </Section>
  );
}

/** "Was this not you?": the way back through the portal's recovery page, never a reply. */
export function NotMe({ m }: { m: MessageContext }) {
  return (
    <Section
      className="panel"
      style={{
        backgroundColor: m.brand.colours.soft,
        borderLeft: `4px solid ${m.brand.colours.brand}`,
        borderRadius: '8px',
        padding: '16px 20px',
        margin: '8px 0 24px',
      }}
    >
      <Text className="ink" style={{ ...text, fontWeight: 700, margin: '0 0 8px' }}>
        {m.common.notMeTitle}
      </Text>
      <Text className="ink" style={{ ...text, margin: '0 0 16px' }}>
        {m.common.notMeBody}
      </Text>
      <Action m={m} path={m.brand.recoveryPath} label={m.common.notMeAction} inPanel />
    </Section>
  );
}

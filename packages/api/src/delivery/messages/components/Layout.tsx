// One package per component, not @react-email/components: that one also loads Tailwind's
// compiler, Prism and marked (9 MB of heap the e-mails never use; decision 0059).
import { Body } from '@react-email/body';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MessageContext } from '../context';
import { darkModeCss } from './dark-mode';
import { CARD, FONT, INK, PAGE, RULE, small, WIDTH } from './styles';

/** The edition's logo drawn with table cells: no remote image to load (and none to track opens). */
function Logo({ m }: { m: MessageContext }) {
  const { colours, logo, name } = m.brand;
  return (
    <Row>
      <Column style={{ width: '44px', verticalAlign: 'middle' }}>
        <table
          role="presentation"
          cellPadding={0}
          cellSpacing={0}
          data-skip-in-text="true"
          style={{ borderCollapse: 'separate' }}
        >
          <tbody>
            <tr>
              <td
                style={{
                  width: '40px',
                  height: logo.stripe ? '28px' : '40px',
                  backgroundColor: logo.stripe ? colours.accent : colours.brand,
                  color: '#ffffff',
                  fontFamily: FONT,
                  fontSize: '22px',
                  fontWeight: 700,
                  lineHeight: logo.stripe ? '28px' : '40px',
                  textAlign: 'center',
                  borderRadius: logo.stripe ? '10px 10px 0 0' : '10px',
                }}
              >
                {logo.letter}
              </td>
            </tr>
            {logo.stripe ? (
              <tr>
                <td
                  style={{
                    width: '40px',
                    height: '12px',
                    lineHeight: '12px',
                    fontSize: '1px',
                    backgroundColor: colours.brand,
                    borderRadius: '0 0 10px 10px',
                  }}
                >
                  &nbsp;
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </Column>
      <Column style={{ verticalAlign: 'middle', paddingLeft: '12px' }}>
        <Text
          className="brand-text"
          style={{ fontFamily: FONT, fontSize: '20px', fontWeight: 700, color: colours.brand, margin: 0 }}
        >
          {name}
        </Text>
      </Column>
    </Row>
  );
}

function Footer({ m }: { m: MessageContext }) {
  const { legal } = m.brand;
  return (
    <Section style={{ padding: '24px 32px 32px', borderTop: `1px solid ${RULE}` }}>
      <Text className="muted" style={small}>
        {m.common.support}
      </Text>
      <Text className="muted" style={small}>
        <Link
          href={m.link(m.brand.privacyPath)}
          className="brand-text"
          style={{ color: m.brand.colours.brand }}
        >
          {m.common.privacy}
        </Link>
      </Text>
      <Text className="muted" style={small}>
        {m.common.automated}
      </Text>
      <Text className="muted" style={{ ...small, margin: 0 }}>
        {legal.company} · {legal.address} · {legal.registration}
      </Text>
    </Section>
  );
}

/**
 * The frame of every e-mail: 600 px table layout, inline styles, the preheader (the line clients
 * show after the subject), the edition's logo and colours, and the legal footer.
 */
export function Layout({ m, children }: { m: MessageContext; children: ReactNode }) {
  return (
    <Html lang={m.lang} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{m.texts.subject}</title>
        <style>{darkModeCss(m.brand)}</style>
      </Head>
      <Preview>{m.texts.preheader}</Preview>
      <Body
        className="page"
        style={{ backgroundColor: PAGE, margin: 0, padding: '24px 8px', fontFamily: FONT }}
      >
        <Container
          className="card"
          width={WIDTH}
          style={{
            maxWidth: `${WIDTH}px`,
            width: '100%',
            backgroundColor: CARD,
            border: `1px solid ${RULE}`,
            borderRadius: '12px',
            color: INK,
          }}
        >
          <Section style={{ padding: '24px 32px 8px' }}>
            <Logo m={m} />
          </Section>
          <Section style={{ padding: '8px 32px 8px' }}>
            <h1
              className="ink"
              style={{ fontFamily: FONT, fontSize: '24px', lineHeight: '32px', color: INK, margin: '16px 0' }}
            >
              {m.texts.heading}
            </h1>
            {children}
          </Section>
          <Footer m={m} />
        </Container>
      </Body>
    </Html>
  );
}

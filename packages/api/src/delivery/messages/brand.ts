import { EDITIONS, type EditionId } from '@vestibule/contract/editions';
import type { OperatorDetails } from '../../config';
import { DEMO_OPERATORS } from '../../production-refusals';

// What an e-mail of an edition looks like and says about its sender (docs/decisions/0044). The
// colours are the SPA's theme tokens (packages/web/src/editions/*/theme.css); the legal lines,
// support contact and privacy page are the operator's, per edition, like the brand name.

export interface MessageBrand {
  edition: EditionId;
  name: string;
  colours: {
    /** Buttons, the logo tile, the code's frame. 4.5:1 with white text. */
    brand: string;
    /** Background of the code box and the notice panel. */
    soft: string;
    /** The logo's second colour. */
    accent: string;
    /** The brand colour on a dark background (dark mode). */
    brandOnDark: string;
  };
  /** The logo's letter and whether a stripe of the accent colour runs under it (LU). */
  logo: { letter: string; stripe: boolean };
  /** Proper nouns and identifiers only, the same in every language. */
  legal: { company: string; address: string; registration: string };
  support: { email: string; phone: string };
  /** Path on the edition's public origin where the user reads about and manages their data. */
  privacyPath: string;
  /** The portal's recovery page: where "this was not me" leads. */
  recoveryPath: string;
  /** IANA time zone in which dates in the messages are written. */
  timeZone: string;
}

/** The demo operator's legal lines and support contact (production refuses them). */
function demoOperator(edition: EditionId): Pick<MessageBrand, 'legal' | 'support'> {
  const { company, address, registration, supportEmail, supportPhone } = DEMO_OPERATORS[edition];
  return { legal: { company, address, registration }, support: { email: supportEmail, phone: supportPhone } };
}

/** The demo operator of each edition: what messages say until the operator's settings apply. */
export const MESSAGE_BRANDS: Record<EditionId, MessageBrand> = {
  general: {
    edition: 'general',
    name: EDITIONS.general.brandName,
    colours: { brand: '#0b6e69', soft: '#e4f3f1', accent: '#7fd3c4', brandOnDark: '#7fd3c4' },
    logo: { letter: 'V', stripe: false },
    ...demoOperator('general'),
    privacyPath: '/security',
    recoveryPath: '/forgot-password',
    timeZone: 'Europe/Brussels',
  },
  lu: {
    edition: 'lu',
    name: EDITIONS.lu.brandName,
    colours: { brand: '#b0102a', soft: '#fbeaec', accent: '#1d3677', brandOnDark: '#ff8a9c' },
    logo: { letter: 'V', stripe: true },
    ...demoOperator('lu'),
    privacyPath: '/security',
    recoveryPath: '/forgot-password',
    timeZone: 'Europe/Luxembourg',
  },
};

let brands: Record<EditionId, MessageBrand> = MESSAGE_BRANDS;

function withOperator(brand: MessageBrand, operator: OperatorDetails): MessageBrand {
  return {
    ...brand,
    legal: {
      company: operator.company ?? brand.legal.company,
      address: operator.address ?? brand.legal.address,
      registration: operator.registration ?? brand.legal.registration,
    },
    support: {
      email: operator.supportEmail ?? brand.support.email,
      phone: operator.supportPhone ?? brand.support.phone,
    },
  };
}

/**
 * Applies the operator's settings (config `messageOperator`) to every message rendered from now
 * on: the server and the admin CLI call it once they have read their configuration.
 */
export function configureMessageBrands(operator: Record<EditionId, OperatorDetails>): void {
  brands = {
    general: withOperator(MESSAGE_BRANDS.general, operator.general),
    lu: withOperator(MESSAGE_BRANDS.lu, operator.lu),
  };
}

/** The brand of an edition id as stored on a row; the general edition's for an unknown one. */
export function brandOf(edition: string): MessageBrand {
  return brands[edition as EditionId] ?? brands.general;
}

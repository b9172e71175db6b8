import type { EditionId } from '@vestibule/contract/editions';

/**
 * What production refuses to start without, or with (docs/operations.md §1). Checked on the raw
 * environment, so every problem is listed in one message with the schema's own, each naming the
 * variable and what to write there.
 */

/** The demo operator's details in the e-mails (delivery/messages/brand.ts), never a real one's. */
export const DEMO_OPERATORS = {
  general: {
    company: 'Vestibule SA',
    address: 'Rue de la Loi 1, 1000 Bruxelles',
    registration: 'BCE/KBO 0123.456.789',
    supportEmail: 'support@vestibule.example',
    supportPhone: '+32 2 000 00 00',
  },
  lu: {
    company: 'Vestibule Luxembourg S.A.',
    address: '2, Place de Clairefontaine, L-1341 Luxembourg',
    registration: 'R.C.S. Luxembourg B 000000',
    supportEmail: 'support@vestibule.example.lu',
    supportPhone: '+352 20 00 00 00',
  },
} as const satisfies Record<EditionId, Record<string, string>>;

type Env = Record<string, string | undefined>;

/** The operator's variables of an edition, with what each holds. */
const OPERATOR_VARIABLES = [
  ['MAIL_COMPANY', 'company', 'your legal name, e.g. "Example Bank SA"'],
  ['MAIL_ADDRESS', 'address', 'your postal address'],
  ['MAIL_REGISTRATION', 'registration', 'your company registration, e.g. "BCE/KBO 0123.456.789"'],
  ['SUPPORT_EMAIL', 'supportEmail', 'the address your users write to for help'],
  ['SUPPORT_PHONE', 'supportPhone', 'the number your users call for help'],
] as const;

const isSet = (value: string | undefined) => Boolean(value?.trim());

/** Variables that must hold something in production, with what to put there. */
const REQUIRED: [name: string, what: string][] = [
  [
    'SMTP_URL',
    'the mail relay, e.g. smtps://user:password@relay.example.com:465; the dev inbox is off there',
  ],
  ['ENCRYPTION_KEY', 'base64 of 32 random bytes: `openssl rand -base64 32`'],
  ['SMS_ACCOUNT_SID', "the SMS provider account, Twilio's AC…; sign-up and SMS codes send text messages"],
  ['SMS_AUTH_TOKEN', 'the auth token of SMS_ACCOUNT_SID'],
  ['SMS_SENDER_GENERAL', 'the sender name or number of the SMS, at most 16 characters'],
];

function missingSettings(env: Env): string[] {
  const problems = REQUIRED.filter(([name]) => !isSet(env[name])).map(
    ([name, what]) => `${name}: required in production (${what})`,
  );
  if (!isSet(env.PUBLIC_URL) || !isSet(env.PUBLIC_URL_LU)) {
    problems.push(
      'PUBLIC_URL, PUBLIC_URL_LU: required in production (the origins of the general and Luxembourg editions, e.g. https://account.example.com and https://account.example.lu)',
    );
  }
  if (!isSet(env.DATABASE_URL) && env.EMBEDDED_DATABASE !== 'on') {
    problems.push(
      'DATABASE_URL: required in production (postgres://user:password@host:5432/vestibule), or EMBEDDED_DATABASE=on to run this one instance on the embedded database on purpose',
    );
  }
  return problems;
}

/** Each operator variable of both editions: set, and not the demo operator's value. */
function operatorProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const edition of ['general', 'lu'] as const) {
    const suffix = edition === 'lu' ? '_LU' : '';
    const whose = edition === 'lu' ? "the Luxembourg edition's operator: " : '';
    for (const [variable, key, what] of OPERATOR_VARIABLES) {
      const name = `${variable}${suffix}`;
      const value = env[name]?.trim();
      if (!value) problems.push(`${name}: required in production (${whose}${what}; shown in every e-mail)`);
      else if (value === DEMO_OPERATORS[edition][key])
        problems.push(`${name}: "${value}" is the demo operator's; write ${whose}${what}`);
    }
  }
  return problems;
}

/** Settings that are wrong in production whatever else is set. */
function unsafeSettings(env: Env): string[] {
  const problems: string[] = [];
  if (env.DEV_INBOX === 'on') problems.push('DEV_INBOX: the dev inbox cannot run in production (remove it)');
  if (env.SEED_DEMO_DATA === 'on') {
    problems.push(
      'SEED_DEMO_DATA: demo accounts with a published password cannot run in production (remove it)',
    );
  }
  if (env.TRUST_PROXY?.trim() === 'true') {
    problems.push(
      'TRUST_PROXY: true lets any client write its own address; write the number of proxies in front of the server (1 behind one load balancer or ingress) or their addresses, e.g. 10.0.0.0/8,127.0.0.1',
    );
  }
  return problems;
}

/** Every reason production cannot start with this environment; empty outside production. */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return [...missingSettings(env), ...operatorProblems(env), ...unsafeSettings(env)];
}

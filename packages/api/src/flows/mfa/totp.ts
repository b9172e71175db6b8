import { TOTP_CODE_LENGTH, TOTP_PERIOD_SECONDS } from '@vestibule/contract/constants';
import { generateSecret, generateURI, verify } from 'otplib';

/** A new authenticator secret: 20 random bytes, base32 (what authenticator apps expect). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth URI and its QR code as an SVG data URL, for the setup screen. */
export async function totpEnrolment(secret: string, issuer: string, label: string) {
  const uri = generateURI({ issuer, label, secret, digits: TOTP_CODE_LENGTH, period: TOTP_PERIOD_SECONDS });
  // qrcode (and pngjs under it) only at an enrolment: not resident in a server that never enrols.
  const { toString: qrToString } = await import('qrcode');
  const svg = await qrToString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a 6-digit code at ±1 time step (DESIGN §4). A code whose step is not after
 * `lastStep` is refused, so each code is accepted once. Answers the matched step, or undefined.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({
      secret,
      token: code,
      digits: TOTP_CODE_LENGTH,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    // A TOTP result carries the matched time step (the HOTP branch of the union does not).
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

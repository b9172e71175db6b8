import { maskRecipient } from '../delivery/mask';

// How the desk shows personal fields until someone reveals them with a reason (decision 0076):
// enough to talk with the person about them, not enough to copy them.

export const maskContact = (value: string) => maskRecipient(value);

/** `**** **** **** 0068` */
export const maskCard = (pan: string) => `**** **** **** ${pan.slice(-4)}`;

/** The year only: `****-**-** (1990)` would tell the age; a masked date tells nothing. */
export const maskDate = (_date: string) => '****-**-**';

/** The last two digits: `*********28`. */
export const maskNationalNumber = (digits: string) =>
  `${'*'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;

/** Country and last four: `BE** **** **** 7034`. */
export const maskIban = (iban: string) => `${iban.slice(0, 2)}** **** **** ${iban.slice(-4)}`;

import { ERRORS, type ErrorCode } from '@vestibule/contract/errors';

/** A 4xx answer with a typed code; its message comes from the catalogs when the answer is written. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      /** Extra fields of the answer body, e.g. `mfa` of the 401 mfa_required login answer. */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.status = ERRORS[code].status;
  }
}

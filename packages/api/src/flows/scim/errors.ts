import SCIMMY from 'scimmy';

/** The SCIM error body (RFC 7644 §3.12), for every status we answer (scimmy's own stops at 501). */
export interface ScimErrorBody {
  schemas: [string];
  status: string;
  scimType?: string;
  detail: string;
}

/** A SCIM error to throw: scimmy's own type, so errors from scimmy and from us travel alike. */
export function scimError(
  status: number,
  scimType: string | null,
  detail: string,
): InstanceType<typeof SCIMMY.Types.Error> {
  return new SCIMMY.Types.Error(status, scimType as string, detail);
}

export function isScimError(error: unknown): error is InstanceType<typeof SCIMMY.Types.Error> {
  return error instanceof SCIMMY.Types.Error;
}

export function errorBody(
  status: number,
  scimType: string | null | undefined,
  detail: string,
): ScimErrorBody {
  return {
    schemas: [SCIMMY.Messages.ErrorResponse.id],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  };
}

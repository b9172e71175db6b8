import { expect } from 'vitest';

/** The answer is the API's error of this status and code, with its English message and a request id. */
export function expectApiError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  message: string,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ requestId: expect.any(String), code, message });
}

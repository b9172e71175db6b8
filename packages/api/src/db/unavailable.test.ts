import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost, refused or stalled database', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves wrong statements, data and credentials to the 500 path', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('28P01', 'password authentication failed'),
      withCode('3D000', 'database "nope" does not exist'),
      new TypeError('Cannot read properties of undefined'),
      'Connection terminated',
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

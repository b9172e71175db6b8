import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';
import { PREPARED } from './prepared';

/**
 * A hot query built and compiled by Kysely once per database, then only bound to new values at
 * each call (building and compiling the query was a large share of a short request's
 * CPU, and of its garbage). `placeholders` are values distinct from anything else in the query,
 * one per argument (strings like '\u0000token', or Date objects, compared by identity): the
 * query is built with them, and each call puts its arguments where they landed.
 */
export function compiledOnce<Args extends readonly unknown[], Row>(
  name: string,
  build: (db: Db, ...args: Args) => Compilable<Row>,
  placeholders: Args,
): (db: Db, ...args: Args) => Promise<Row | undefined> {
  const compiled = new WeakMap<Db, { sql: string; slots: number[]; constants: readonly unknown[] }>();
  const compile = (db: Db) => {
    const query = build(db, ...placeholders).compile();
    const slots = query.parameters.map((value) => placeholders.indexOf(value));
    placeholders.forEach((_, index) => {
      if (!slots.includes(index)) throw new Error(`compiledOnce: argument ${index} is not a parameter`);
    });
    const entry = { sql: markedPrepared(query.sql), slots, constants: query.parameters };
    compiled.set(db, entry);
    return entry;
  };
  const bind = (db: Db, args: Args) => {
    const { sql, slots, constants } = compiled.get(db) ?? compile(db);
    return { sql, parameters: slots.map((slot, index) => (slot === -1 ? constants[index] : args[slot])) };
  };
  COMPILED_QUERIES.set(name, {
    placeholders,
    bound: (db, args) => bind(db, args as unknown as Args),
    plain: (db, args) => build(db, ...(args as unknown as Args)).compile(),
  });
  return async (db, ...args) => {
    const { sql, parameters } = bind(db, args);
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
    return rows[0];
  };
}

/** A statement compiled once: how it binds values, and how Kysely would build it afresh. */
interface CompiledEntry {
  placeholders: readonly unknown[];
  bound: (db: Db, args: readonly unknown[]) => { sql: string; parameters: readonly unknown[] };
  plain: (db: Db, args: readonly unknown[]) => { sql: string; parameters: readonly unknown[] };
}

/**
 * Every statement compiled once, by name: the one list of the hot path's clever part. A test binds
 * each with other values and checks it is exactly the statement Kysely builds for them, so a query
 * whose text came to depend on a value (or a value that landed outside a parameter) fails loudly.
 */
export const COMPILED_QUERIES = new Map<string, CompiledEntry>();

/** The statement's text without the mark that makes it a prepared statement. */
export const unmarked = (text: string): string =>
  text.startsWith(`${PREPARED} `) ? text.slice(PREPARED.length + 1) : text;

/**
 * Runs a compiled query as a named (prepared) statement on PostgreSQL: for a hot statement whose
 * text does not depend on its values (the login's), so that the server parses and plans
 * it once per connection. Only call it with such texts: each distinct text is named for good.
 */
export async function executePrepared<Row>(db: Db, query: CompiledQuery<Row>): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(markedPrepared(query.sql), [...query.parameters])))
    .rows;
}

/** The text with the PREPARED mark that `PreparingClient` (prepared.ts) runs as a named statement. */
const marked = new Map<string, string>();
function markedPrepared(text: string): string {
  let result = marked.get(text);
  if (result === undefined) {
    result = `${PREPARED} ${text}`;
    marked.set(text, result);
  }
  return result;
}

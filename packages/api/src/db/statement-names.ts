/**
 * SQL texts run as named (prepared) statements on PostgreSQL, with their names: the texts of
 * `compiledOnce` queries only (compiled-query.ts), so the set is small and fixed.
 */
const statementNames = new Map<string, string>();

/** Runs this SQL text as a named statement from now on (PostgreSQL connections only). */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `vestibule_${statementNames.size + 1}`);
}

/**
 * Makes a node-postgres client run the `compiledOnce` texts as named statements: PostgreSQL
 * parses and plans them once per connection instead of at every call (issue 21, decision 0057).
 * Every other text goes through unchanged, unnamed.
 */
export function nameStatements(client: { query: (...args: never[]) => unknown }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
  };
}

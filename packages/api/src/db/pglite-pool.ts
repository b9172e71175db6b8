import type { PGlite } from '@electric-sql/pglite';

/**
 * Presents one PGlite instance as the node-postgres pool that Kysely's PostgresDialect expects.
 * PGlite has a single connection, so a connection is held exclusively from `connect()` to
 * `release()`: a transaction never interleaves with another caller's queries.
 */
export class PGlitePool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect() {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    await previous;
    const pglite = this.pglite;
    return {
      async query(sql: string, parameters: readonly unknown[]) {
        // Without parameters use the simple protocol, which accepts several statements (migrations).
        const result =
          parameters.length === 0
            ? ((await pglite.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
            : await pglite.query(sql, parameters as unknown[]);
        const command = sql.trimStart().slice(0, 6).toUpperCase();
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    };
  }

  async end() {
    await this.queue;
    await this.pglite.close();
  }
}

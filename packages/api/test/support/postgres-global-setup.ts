import pg from 'pg';

/** Drops the schemas that API test runs create in the shared PostgreSQL test database. */
async function dropTestSchemas() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'vestibule_test_%'",
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function setup() {
  await dropTestSchemas();
  return dropTestSchemas;
}

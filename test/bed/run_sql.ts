import mysql from 'mysql2/promise';
import pg from 'pg';

/** Runs setup statements on a test-bed database, one connection for all of them. */
export async function runSql(
  kind: 'postgres' | 'mysql',
  url: string,
  statements: string[]
): Promise<void> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const connection = await mysql.createConnection(url);
  try {
    for (const sql of statements) await connection.query(sql);
  } finally {
    await connection.end();
  }
}

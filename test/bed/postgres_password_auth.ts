import { readFile, writeFile } from 'node:fs/promises';
import { Client } from 'pg';

/** Members of this role must log in with their password, even where the server trusts others. */
export const PASSWORD_LOGIN_ROLE = 'federation_password_login';

const MARKER = '# federation test bed: password logins';
const RULES = [
  MARKER,
  `host all +${PASSWORD_LOGIN_ROLE} 127.0.0.1/32 scram-sha-256`,
  `host all +${PASSWORD_LOGIN_ROLE} ::1/128 scram-sha-256`,
];

/**
 * The test bed's PostgreSQL trusts every local login, so a wrong password would go unnoticed.
 * This puts password rules for members of one role ahead of the trust rules (once; rules are
 * matched in order) and reloads the server. Returns null when ready, or why it cannot be done
 * (not root, or a server whose configuration is not on this machine).
 */
export async function ensurePasswordLogins(adminUrl: string): Promise<string | null> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ hba_file: string }>('SHOW hba_file');
    const hbaFile = rows[0].hba_file;
    let content: string;
    try {
      content = await readFile(hbaFile, 'utf8');
    } catch (error) {
      return `cannot read ${hbaFile} to require passwords: ${(error as Error).message}`;
    }
    if (!content.includes(MARKER)) {
      try {
        await writeFile(hbaFile, `${RULES.join('\n')}\n${content}`);
      } catch (error) {
        return `cannot edit ${hbaFile} to require passwords: ${(error as Error).message}`;
      }
      await admin.query('SELECT pg_reload_conf()');
    }
    const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [
      PASSWORD_LOGIN_ROLE,
    ]);
    if (exists.rowCount === 0) await admin.query(`CREATE ROLE ${PASSWORD_LOGIN_ROLE} NOLOGIN`);
    return null;
  } finally {
    await admin.end();
  }
}

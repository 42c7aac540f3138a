import { UnavailablePrompt } from '../shared/unavailable_prompt';

export function DatasourcesPanel() {
  return (
    <UnavailablePrompt
      id="datasources"
      iconType="database"
      title="Datasources"
      description="Register the SQL databases that virtual indices read from (PostgreSQL, MySQL or MariaDB, SQL Server, SQLite), test their connections, and edit or remove them. Passwords are stored encrypted and never shown."
    />
  );
}

/**
 * `npm run admin -- grant NAME | revoke NAME | list`: the operator's lever on the admin role, which is
 * stored on the account (docs/decisions/072-roles-and-request-trust.md). It works on the configured
 * database (DATABASE_URL, or the embedded cluster in DATA_DIR — shared with a running server if there
 * is one) and takes effect on the account's next request: roles are read from the row every time.
 */
import { connectDatabase, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { listAdmins, setRoleByUsername } from '../server/features/admin/roles.service';
import { loadConfig } from '../server/env';

const USAGE = 'usage: npm run admin -- grant NAME | revoke NAME | list';

async function run(command: string | undefined, name: string | undefined): Promise<number> {
  if (command !== 'list' && !((command === 'grant' || command === 'revoke') && name)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, WEB_DIST_DIR: '/nonexistent' });
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, { attachIfRunning: true });
  const database = connectDatabase(config.databaseUrl ?? embedded!.url, 1);
  try {
    await runMigrations(database);
    if (command === 'list') {
      const admins = await listAdmins(database.db);
      if (admins.length === 0) console.log('No account holds the admin role.');
      for (const admin of admins) console.log(`${admin.username}\t${admin.id}`);
      return 0;
    }
    const change = await setRoleByUsername(database.db, name!, command === 'grant' ? 'admin' : 'user');
    if (!change) {
      console.error(`No account is named ${name}.`);
      return 1;
    }
    const verb = command === 'grant' ? 'granted to' : 'revoked from';
    const unchanged = change.before === change.after ? ' (no change: it already was so)' : '';
    console.log(`Admin role ${verb} ${change.username} (${change.id})${unchanged}.`);
    if (command === 'revoke' && config.adminUsernames.includes(change.username.toLowerCase())) {
      console.warn('ADMIN_USERNAMES still lists this name: the next start-up grants the role again. Remove it there too.');
    }
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

const [command, name] = process.argv.slice(2);
process.exit(await run(command, name));

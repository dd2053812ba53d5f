import { connectDatabase, runMigrations, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { loadConfig } from './env';
import { buildApp } from './app';
import { startHousekeeping } from './lib/housekeeping';

/** env → database → migrations → listen; and the reverse on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    databaseUrl = embedded.url;
  }
  const database: DatabaseHandle = connectDatabase(databaseUrl);
  await runMigrations(database);
  const app = await buildApp({ config, db: database.db });
  const stopHousekeeping = startHousekeeping(database.db, app.log);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    stopHousekeeping();
    // Stop taking requests and let in-flight ones finish, then close the pool, then PostgreSQL
    // (a clean shutdown checkpoint: the next start needs no recovery).
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres installs its own signal handlers that exit with 130/143 as soon as PostgreSQL is
  // down, racing the drain above; this process's shutdown owns the signals instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

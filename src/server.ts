import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { isEmbeddedDatabase, openDatabase, type DatabaseHandle } from './db/client.js';
import { prepareEmbeddedDatabase } from './db/embedded-init.js';

/**
 * The embedded database needs about half a second to start (WASM compile, PostgreSQL boot). Its file
 * reads and WASM compilation run off the main thread, so it starts first, while the app's modules
 * load. PostgreSQL connects lazily and is opened by the app as usual. A new (or not yet migrated)
 * data folder is first created and migrated by a child process whose memory goes when it exits.
 */
function openEmbeddedEarly(config: Config): Promise<DatabaseHandle> | undefined {
  if (!isEmbeddedDatabase(config.databaseUrl)) return undefined;
  const prepared =
    config.databaseUrl === 'memory://' ? Promise.resolve(false) : prepareEmbeddedDatabase(config.dataDir);
  const opening = prepared.then(() => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  opening.catch(() => undefined); // reported where it is awaited
  return opening;
}

/** The demo sample, loaded before the server listens; a refusal stops the start with its reason. */
async function loadDemoOrExit(app: Awaited<ReturnType<typeof import('./app.js').buildApp>>) {
  const { DemoRefused, loadDemo } = await import('./demo/demo.js');
  await app.ready();
  try {
    await loadDemo(app);
  } catch (err) {
    await app.close();
    console.error(
      `Hangar cannot load the demo: ${err instanceof DemoRefused ? err.message : err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  }
}

/** Entry point: read the config, build the app, listen, and shut down gracefully on signals. */
async function main() {
  // A .env file in the working folder fills in settings not already set in the environment.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    // `npm start -- --demo` is HANGAR_DEMO=true (decision 895).
    config = loadConfig(process.argv.includes('--demo') ? { ...process.env, HANGAR_DEMO: 'true' } : process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Hangar cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const embedded = openEmbeddedEarly(config);
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, embedded ? { database: await embedded, closeDatabase: true } : {});
  if (config.demo) await loadDemoOrExit(app);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    // A hung dependency must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error('Hangar failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

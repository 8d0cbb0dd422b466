import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { checkCommand, diffCommand, type DiffOptions } from './cli.api.js';
import { registerCommand, validateCommand } from './cli.catalog.js';
import { configPath, normaliseUrl, readConfig, writeConfig } from './cli.config.js';
import { recordCommand } from './cli.deploy.js';
import { CliError, EXIT, oneLine } from './cli.errors.js';
import { callApi } from './cli.http.js';
import { flush, print } from './cli.output.js';

/**
 * `hangar`: the command line of Hangar for people and CI (docs/cli.md, decision 865). Offline
 * commands (`catalog validate`, `api diff`) run the server's own validator and diff engine as plain
 * modules; the others call the API with a token. Exit codes: 0 success, 1 a finding, 2 a usage or
 * connection error; every error is one line on stderr.
 */
function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
      .version;
  } catch {
    return 'unknown';
  }
}

const formatOption = (choices: string[]) =>
  new Option('--format <format>', 'output format').choices(choices).default('text');
const diffFormat = (o: { format: string; json?: boolean }) => (o.json ? 'json' : o.format) as DiffOptions['format'];
const failOn = () =>
  new Option('--fail-on <level>', 'exit 1 when the diff has changes of this level or worse')
    .choices(['breaking', 'warning', 'none'])
    .default('breaking');
const organization = () =>
  new Option(
    '--organization <id>',
    'organization id sent as X-Organization-Id (default: HANGAR_ORGANIZATION, then the login)',
  );

/** Reads a piped token (`echo $TOKEN | hangar login --url …`); never prompts. */
function tokenFromStdin(): string | undefined {
  if (process.stdin.isTTY) return undefined;
  try {
    return readFileSync(0, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

async function login(opts: {
  url: string;
  token?: string;
  organization?: string;
  verify: boolean;
  json?: boolean;
}): Promise<number> {
  const url = normaliseUrl(opts.url);
  const token = opts.token ?? process.env.HANGAR_TOKEN ?? tokenFromStdin();
  if (!token)
    throw new CliError(
      'give the token with --token, HANGAR_TOKEN or on stdin (a personal access token or a service account token)',
    );
  let username: string | null = null;
  if (opts.verify) {
    const me = await callApi<{ user?: { username?: string } }>(
      { url, token, organization: undefined },
      'GET',
      '/api/v1/auth/me',
    );
    username = me.body?.user?.username ?? null;
  }
  const path = configPath();
  writeConfig({ ...readConfig(path), url, token, organization: opts.organization }, path);
  if (opts.json) print(JSON.stringify({ url, username, config: path }, null, 2));
  else print(`logged in to ${url}${username ? ` as ${username}` : ''}; saved to ${path}`);
  return EXIT.ok;
}

/** An action's exit code, for `main` to return. */
const done = (code: number) => {
  process.exitCode = code;
};

/** The program: `hangar` and its command groups, each group added by a function of its own (decision 1200). */
export function program(): Command {
  const root = new Command('hangar')
    .description('Hangar from the command line: validate catalog descriptors, diff API specs, record deployments')
    .version(version(), '-V, --version')
    .addHelpText(
      'after',
      '\nExit codes: 0 success, 1 a finding (invalid descriptor, breaking change), 2 a usage or connection error.\nDocs: docs/cli.md',
    )
    .exitOverride()
    // Options of `hangar` itself only before a command: `deploy record --version 2.4.1` is the deployment's.
    .enablePositionalOptions()
    .showSuggestionAfterError(true);
  addLoginCommand(root);
  addCatalogCommands(root);
  addApiCommands(root);
  addDeployCommands(root);
  for (const c of [root, ...root.commands, ...root.commands.flatMap((c) => c.commands)]) c.exitOverride();
  return root;
}

function addLoginCommand(root: Command) {
  root
    .command('login')
    .description('store the server URL and a token in ~/.config/hangar/config.json (mode 0600)')
    .requiredOption('--url <url>', 'the Hangar server, e.g. https://hangar.example.com')
    .option('--token <token>', 'a personal access token or service account token (else HANGAR_TOKEN, else stdin)')
    .addOption(organization())
    .option('--no-verify', 'store without asking the server who the token belongs to')
    .option('--json', 'print {url, username, config} as JSON')
    .action(async (o) => done(await login(o)));
}

function addCatalogCommands(root: Command) {
  const catalog = root.command('catalog').description('catalog descriptors (catalog-info.yaml)');
  catalog
    .command('validate')
    .description('check descriptors offline exactly as the server registers them')
    .argument('<paths...>', 'files, folders (every catalog-info.yaml below) or globs')
    .addOption(formatOption(['text', 'json', 'github']))
    .option('--json', 'same as --format json')
    .option(
      '--lifecycles <list>',
      'allowed spec.lifecycle values, comma-separated (default: CATALOG_LIFECYCLES, then the server default)',
    )
    .option('--strict', 'warnings (an unresolved placeholder) fail too')
    .action(async (paths: string[], o) =>
      done(await validateCommand(paths, { ...o, format: o.json ? 'json' : o.format })),
    );
  catalog
    .command('register')
    .description('register a descriptor file (register-yaml) or a repository URL (a location) through the API')
    .argument('<file-or-url>', 'a catalog-info.yaml, or a git repository URL')
    .option('--branch <branch>', 'the repository branch (URL only)')
    .option('--path <path>', 'the descriptor inside the repository (URL only; default: every catalog-info.yaml)')
    .addOption(organization())
    .option('--json', "print the server's answer as JSON")
    .action(async (target: string, o) => done(await registerCommand(target, o)));
}

function addApiCommands(root: Command) {
  const api = root.command('api').description('API specifications (OpenAPI, AsyncAPI)');
  api
    .command('diff')
    .description("offline: the server's breaking-change diff of two specs (YAML or JSON; - for stdin)")
    .argument('<old>', 'the older spec')
    .argument('<new>', 'the newer spec')
    .addOption(failOn())
    .addOption(formatOption(['text', 'json', 'markdown']))
    .option('--json', 'same as --format json')
    .action((oldPath: string, newPath: string, o) =>
      done(diffCommand(oldPath, newPath, { failOn: o.failOn, format: diffFormat(o) })),
    );
  api
    .command('check')
    .description('diff a spec against the newest version registered for a catalog entity, through the API')
    .argument('<new>', 'the new spec (- for stdin)')
    .requiredOption('--component <ref>', 'the entity: kind:namespace/name, or a component name')
    .option('--name <name>', "the registered spec's name, when the entity has several")
    .addOption(failOn())
    .addOption(formatOption(['text', 'json', 'markdown']))
    .option('--json', 'same as --format json')
    .addOption(organization())
    .action(async (newPath: string, o) => done(await checkCommand(newPath, { ...o, format: diffFormat(o) })));
}

function addDeployCommands(root: Command) {
  const deploy = root.command('deploy').description('deployments made outside Hangar');
  deploy
    .command('record')
    .description('send a deployment event (POST /api/v1/deployments/events)')
    .requiredOption('--component <ref>', 'entity reference or component id')
    .requiredOption('--environment <name>', 'environment name or id')
    .addOption(
      new Option('--status <status>', 'what happened')
        .choices(['started', 'succeeded', 'failed', 'rolled_back'])
        .makeOptionMandatory(),
    )
    .option('--version <version>', 'the version deployed (default: the first 12 characters of the revision)')
    .option('--revision <sha>', 'the commit deployed (default: GITHUB_SHA, CI_COMMIT_SHA, GIT_COMMIT)')
    .option('--url <url>', "the run's page (default: the CI's run URL)")
    .option('--external-id <id>', 'the id later events use (default: <CI run>:<component>:<environment>)')
    .option('--source <name>', 'who reports it (default: github-actions, gitlab-ci, jenkins or cli)')
    .option('--started-at <time>', 'ISO 8601 start time')
    .option('--finished-at <time>', 'ISO 8601 time it reached this status')
    .addOption(organization())
    .option('--json', "print the server's answer as JSON")
    .action(async (o) => done(await recordCommand(o)));
}

/** Runs the command line; resolves with the exit code (never throws, never prints a stack). */
export async function main(argv: string[]): Promise<number> {
  try {
    await program().parseAsync(argv, { from: 'user' });
    await flush();
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    await flush();
    if (err instanceof CommanderError) {
      // Help and version are answers; commander has already printed its one-line error otherwise.
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? EXIT.ok : EXIT.usage;
    }
    const code = err instanceof CliError ? err.exitCode : EXIT.usage;
    process.stderr.write(`hangar: ${oneLine(err)}\n`);
    return code;
  }
}

// Output cut short by its reader (`hangar … | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});
// Exit at once: an idle keep-alive connection must not hold a CI step open (output is flushed by then).
process.exit(await main(process.argv.slice(2)));

import { openDatabase } from './src/db/client.js';
import { migrate } from './src/db/migrate.js';
import { iacStacks, iacRuns } from './src/db/schema/index.js';
import { iacRepository } from './src/modules/iac/iac.repository.js';
import { sql } from 'drizzle-orm';
const h = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
await migrate(h);
const [s] = await h.db.insert(iacStacks).values({ name: 'x', environment: 'y' }).returning();
await h.db.execute(sql`INSERT INTO ${iacRuns} (stack_id, stack_name, environment, type, status, started_at) SELECT ${s!.id}::uuid, 'x','y','plan','succeeded', timestamptz '2030-01-01' + i * interval '1 minute' FROM generate_series(0, 49999) i`);
for (const phase of ['no analyze', 'analyze']) {
  if (phase === 'analyze') await h.db.execute(sql`ANALYZE ${iacRuns}`);
  for (let k = 0; k < 3; k++) { const t0 = performance.now(); await iacRepository.listRuns(h.db, s!.id, 0, 20); console.log(phase, 'list', (performance.now() - t0).toFixed(1)); }
  for (let k = 0; k < 2; k++) { const t0 = performance.now(); await iacRepository.listRuns(h.db, s!.id, 9900, 100); console.log(phase, 'list p100', (performance.now() - t0).toFixed(1)); }
  const r: any = await h.db.execute(sql`explain select * from iac_runs where stack_id = ${s!.id} order by started_at desc, id desc limit 20`); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await h.close();

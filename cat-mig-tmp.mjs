import { PGlite } from '@electric-sql/pglite';
import { readFileSync, readdirSync } from 'node:fs';
const db = new PGlite();
for (const f of readdirSync('src/db/migrations').filter(f=>f.endsWith('.sql')).sort()) {
  const sqlText = readFileSync('src/db/migrations/'+f,'utf8');
  for (const st of sqlText.split('--> statement-breakpoint')) { if (st.trim()) { try { await db.exec(st); } catch (e) { console.log(f, e.message, st.slice(0,100)); process.exit(1);} } }
}
await db.exec(`insert into components(name, kind, tags, description, owner, system, namespace) values ('artist-lookup','service', '{java,data}', 'Looks up the artists running services', 'User:guest', 'sys', 'ns1'), ('b','service','{}','', 'default/team-a', 'system:x/y', 'default')`);
console.log((await db.query(`select ref, owner_ref, system_ref from components`)).rows);
console.log((await db.query(`select name, ts_rank(search, to_tsquery('english','run:*')) from components where search @@ to_tsquery('english','run:*')`)).rows);

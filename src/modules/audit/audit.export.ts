import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AuditRecordView } from './audit.service.js';

const CSV_COLUMNS = [
  'id',
  'at',
  'actorUserId',
  'actorUsername',
  'via',
  'organizationId',
  'action',
  'resourceType',
  'resourceId',
  'resourceRef',
  'outcome',
  'statusCode',
  'requestId',
  'ip',
  'userAgent',
  'changes',
  'hash',
];

const csvRow = (r: AuditRecordView) => [
  r.id,
  r.at,
  r.actor.userId,
  r.actor.username,
  r.actor.via,
  r.organizationId,
  r.action,
  r.resource.type,
  r.resource.id,
  r.resource.ref,
  r.outcome,
  r.statusCode,
  r.requestId,
  r.ip,
  r.userAgent,
  r.changes ? JSON.stringify(r.changes) : '',
  r.hash,
];

/**
 * The export as a stream (decision 985): `Readable.from` pulls the next batch only when the
 * response has drained the previous one, so memory holds one batch whatever the export's size.
 */
export function exportStream(batches: AsyncGenerator<AuditRecordView[]>, format: 'ndjson' | 'csv'): Readable {
  if (format === 'ndjson') {
    return Readable.from(
      (async function* () {
        for await (const batch of batches) yield batch.map((r) => JSON.stringify(r)).join('\n') + '\n';
      })(),
      { objectMode: false },
    );
  }
  const csv = stringify({ header: true, columns: CSV_COLUMNS, cast: { boolean: String } });
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const r of batch) yield csvRow(r);
    })(),
  );
  rows.on('error', (err) => csv.destroy(err));
  return rows.pipe(csv);
}

import type { Infrastructure } from '../../context.js';
import type { Git } from '../../integrations/git/git.port.js';
import { NotFound } from '../../kernel/errors.js';
import type { CatalogService } from '../catalog/index.js';
import { templatesRepository as repo, type TemplateRow } from './templates.repository.js';

// What the templates service's verb groups share: their dependencies and the template lookup (decision 1170).

export interface TemplatesDeps extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'> {
  /** Template repositories are cloned, scaffolds pushed. */
  git: Git;
  /** A scaffold's repository is registered as a catalog location. */
  catalog: Pick<CatalogService, 'registerLocation'>;
}

export async function requireTemplate(db: TemplatesDeps['db'], id: string): Promise<TemplateRow> {
  const row = await repo.findById(db, id);
  if (!row) throw new NotFound('Service template not found');
  return row;
}

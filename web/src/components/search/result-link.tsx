import type { SearchItem } from '../../routes/search';
import type { SearchKind } from '../../lib/search-params';

export const KIND_LABELS: Record<SearchKind, string> = {
  component: 'Components',
  api: 'APIs',
  team: 'Teams',
  person: 'People',
  template: 'Templates',
};

/** Where a search result opens: an entity page, a team page, the people list filtered to the person, a template. */
export function resultHref(item: SearchItem): string {
  const enc = encodeURIComponent;
  switch (item.kind) {
    case 'component':
    case 'api':
      return `/catalog/${enc((item.entityKind ?? (item.kind === 'api' ? 'API' : 'Component')).toLowerCase())}/${enc(item.namespace ?? 'default')}/${enc(item.name)}`;
    case 'team':
      return `/teams/${enc(item.id)}`;
    case 'person':
      return `/people?q=${enc(item.name)}`;
    case 'template':
      return `/search?q=${enc(item.name)}&kind=template`;
  }
}

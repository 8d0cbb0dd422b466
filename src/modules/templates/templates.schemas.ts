import { Type, type Static } from 'typebox';
import { Page } from '../../kernel/pagination.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';
import { VARIABLE_KEY_SOURCE } from './templates.render.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const TemplateVariableSchema = Type.Object({
  key: Type.String({ description: 'placeholder name, used as {{KEY}}' }),
  label: Type.String(),
  description: Type.String(),
  default: Type.String({ description: 'value used when the variable is not given (empty: none)' }),
  required: Type.Boolean(),
  pattern: Type.Optional(Type.String({ description: 'regular expression a given value must match' })),
});

export const ServiceTemplateSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  language: Type.String(),
  framework: Type.String(),
  tags: Type.Array(Type.String()),
  repositoryUrl: Type.String({ description: 'git URL; built-ins use builtin://<name> (files shipped with Hangar)' }),
  variables: Type.Array(TemplateVariableSchema),
  isBuiltIn: Type.Boolean(),
  organizationId: Nullable(Uuid),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const TemplatePage = Page(ServiceTemplateSchema);

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'unique, 1-100 characters' });
const Word = Type.String({ minLength: 1, maxLength: 50 });

export const VariableInput = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 64, pattern: VARIABLE_KEY_SOURCE, description: 'letters, digits, `_`, `.`, `-`; starts with a letter or `_`; used as {{KEY}}' }),
  label: Type.Optional(Type.String({ maxLength: 100, description: 'defaults to the key' })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  default: Type.Optional(Type.String({ maxLength: 1000 })),
  required: Type.Optional(Type.Boolean({ default: false })),
  pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'must compile as a regular expression' })),
});
export type VariableInput = Static<typeof VariableInput>;

const templateFields = {
  name: Name,
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  language: Word,
  framework: Word,
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30 })),
  repositoryUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  variables: Type.Optional(Type.Array(VariableInput, { maxItems: 50 })),
  organizationId: Type.Optional(Nullable(Uuid)),
};

export const CreateTemplateBody = Type.Object(templateFields);
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

export const UpdateTemplateBody = Type.Partial(Type.Object(templateFields));
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

export const TemplateListQuery = Type.Object({
  language: Type.Optional(Type.String({ maxLength: 50 })),
  framework: Type.Optional(Type.String({ maxLength: 50 })),
  organizationId: Type.Optional(Uuid),
  skip: Type.Integer({ minimum: 0, default: 0 }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type TemplateListQuery = Static<typeof TemplateListQuery>;

const Variables = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 1000 }), { maxProperties: 100, description: 'variable values by key' });

export const DryRunBody = Type.Object({
  targetRepository: Type.String({ minLength: 1, maxLength: 2048, description: 'git URL the files are committed to (branch main)' }),
  variables: Type.Optional(Variables),
});
export type DryRunBody = Static<typeof DryRunBody>;

export const ScaffoldBody = Type.Object({
  ...DryRunBody.properties,
  dryRun: Type.Optional(Type.Boolean({ default: false })),
});
export type ScaffoldBody = Static<typeof ScaffoldBody>;

export const ScaffoldStatus = Type.Union([Type.Literal('pending'), Type.Literal('in_progress'), Type.Literal('completed'), Type.Literal('failed')]);
export type ScaffoldStatus = Static<typeof ScaffoldStatus>;

export const ScaffoldRequestSchema = Type.Object({
  id: Uuid,
  templateId: Uuid,
  templateName: Type.String({ description: 'snapshot at request time' }),
  targetRepository: Type.String(),
  variables: Type.Record(Type.String(), Type.String()),
  status: ScaffoldStatus,
  statusMessage: Nullable(Type.String()),
  requestedBy: Uuid,
  dryRun: Type.Boolean(),
  renderedFiles: Nullable(Type.Array(Type.String())),
  componentId: Nullable(Type.String({ format: 'uuid', description: 'the catalog component registered from the scaffold’s catalog-info.yaml' })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ScaffoldRequestPage = Page(ScaffoldRequestSchema);

export const ScaffoldFileQuery = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 1024, description: 'a path from the request’s renderedFiles' }),
});
export type ScaffoldFileQuery = Static<typeof ScaffoldFileQuery>;

export const ScaffoldFileSchema = Type.Object(
  {
    path: Type.String(),
    size: Type.Integer({ description: 'bytes of the rendered file' }),
    binary: Type.Boolean({ description: 'not UTF-8 text: copied byte for byte, content not shown' }),
    truncated: Type.Boolean({ description: 'content cut after 200,000 characters' }),
    content: Nullable(Type.String()),
  },
  { description: 'One file of a scaffold request rendered with its variables' },
);

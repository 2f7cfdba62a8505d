/*
 * Query keys of the admin area (TanStack Query), one place for all its server state.
 *
 * Use:
 *   useQuery({ queryKey: adminKeys.schemaFiles(), queryFn: () => loadSchemaFiles() })
 */
import type { FormName } from '../../forms/definitions';

export const adminKeys = {
  all: ['admin'] as const,
  /** The schema files the editor reads (today the base; the published version's once the services publish). */
  schemaFiles: () => ['admin', 'schema-files'] as const,
  /** A form's compiled validators: of the published rules, or of a draft by its changes. */
  compiledForm: (form: FormName, rules: 'published' | string) => ['admin', 'compiled-form', form, rules] as const,
};

/** Admin pages show their own load failures where they happen, not the generic toast. */
export const SILENT = { silentError: true } as const;

import { bundleSchema } from '../../shared/schemas/bundle';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import { precompiledValidatorCode, toGalleryModule } from '../forms/precompile';
import { SchemaRegistry, schemaPatterns } from '../http/schema-registry';
import { applyChanges, rulesHash, type RuleChange, type RuleFiles } from './rule-files';

// Rules versions in memory, by hash: the resolved files, the services' validators (a SchemaRegistry,
// compiled on first use) and the browser's modules (compiled on the server with the form gallery's
// compiler, src/server/forms/precompile.ts). The same rules have the same hash, so whatever version
// number carries them, they are compiled once per instance.

export interface ResolvedRules {
  hash: string;
  files: RuleFiles;
}

export class RulesVersion implements ResolvedRules {
  private compiled?: SchemaRegistry;

  constructor(
    readonly hash: string,
    readonly files: RuleFiles,
    /** The build's patterns (what may run on the platform's engine where RE2 cannot: ../http/linear-regexp.ts). */
    private readonly trusted: ReadonlySet<string> = new Set(),
  ) {}

  /** The services' validators for these rules (api/ schemas are the base's: no version changes them). */
  registry(): SchemaRegistry {
    this.compiled ??= new SchemaRegistry({
      files: [...this.files].map(([file, schema]) => ({ file, schema })),
      name: `rules ${this.hash.slice(0, 12)}`,
      trusted: this.trusted,
    });
    return this.compiled;
  }
}

/** At most this many versions' validators and modules are kept (the published one always is). */
const KEPT_VERSIONS = 8;
const KEPT_MODULES = 64;

export class VersionCache {
  readonly base: RulesVersion;
  private readonly versions = new Map<string, RulesVersion>();
  private readonly modules = new Map<string, string>();

  /** The build's patterns: the only ones that may run on the platform's engine (../http/linear-regexp.ts). */
  readonly trusted: ReadonlySet<string>;

  constructor(baseFiles: RuleFiles) {
    this.trusted = schemaPatterns([...baseFiles].map(([file, schema]) => ({ file, schema })));
    this.base = new RulesVersion(rulesHash(baseFiles), baseFiles, this.trusted);
  }

  /** The base with a list of changes applied (throws ChangeNotApplicable when one does not apply). */
  resolve(changes: readonly RuleChange[], on: RuleFiles = this.base.files): ResolvedRules {
    const files = changes.length === 0 && on === this.base.files ? on : applyChanges(on, changes);
    return { hash: rulesHash(files), files };
  }

  /** The kept version with this hash, made from `resolved` when not kept yet. */
  version(resolved: ResolvedRules): RulesVersion {
    if (resolved.hash === this.base.hash) return this.base;
    let version = this.versions.get(resolved.hash);
    if (version) {
      // Most recently used last.
      this.versions.delete(resolved.hash);
    } else version = new RulesVersion(resolved.hash, resolved.files, this.trusted);
    this.versions.set(resolved.hash, version);
    if (this.versions.size > KEPT_VERSIONS) this.versions.delete(this.versions.keys().next().value as string);
    return version;
  }

  /** A version already in memory, by hash. */
  kept(hash: string): RulesVersion | undefined {
    return hash === this.base.hash ? this.base : this.versions.get(hash);
  }

  /** The browser module of a form's validators for a version (the form gallery's module format). */
  formModule(version: ResolvedRules, form: FormName): string {
    const key = `${version.hash}/${form}`;
    let code = this.modules.get(key);
    if (code === undefined) {
      const files = [...version.files].map(([path, schema]) => ({ path, schema }));
      const schema = bundleSchema(`forms/${form}.schema.json`, files);
      code = toGalleryModule(precompiledValidatorCode(schema), schema);
      this.modules.set(key, code);
      if (this.modules.size > KEPT_MODULES) this.modules.delete(this.modules.keys().next().value as string);
    }
    return code;
  }

  /** A form's ui schema in a version. */
  uiSchema(version: ResolvedRules, form: FormName): JsonSchema | undefined {
    const ui = version.files.get(`ui/${form}.ui.json`);
    return ui && resolveUiIncludes(ui, (id) => version.files.get(id));
  }
}

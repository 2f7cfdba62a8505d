import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import type { FormRules, SchemaRegistry } from '../http/schema-registry';
import { applyChanges, rulesHash, type RuleChange, type RuleFiles } from './rule-files';
import { VersionValidators, type BuildFigures } from './version-validators';

// Rules versions in memory, by hash: the resolved files, the services' validators (built before the
// version is used, off the event loop: version-validators.ts) and the browser's modules (compiled in
// the rules thread with the form gallery's compiler, src/server/forms/precompile.ts). The same rules
// have the same hash, so whatever version number carries them, they are compiled once per instance.

export interface ResolvedRules {
  hash: string;
  files: RuleFiles;
}

/** After a failed build, the same version is not tried again for this long (a failure that repeats would cost a compilation per poll). */
const RETRY_AFTER_FAILURE_MS = 30_000;

export class RulesVersion implements ResolvedRules {
  private built?: FormRules;
  private building?: Promise<FormRules>;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly hash: string,
    readonly files: RuleFiles,
    built?: FormRules,
  ) {
    this.built = built;
  }

  /** The services' validators of these rules, when built (api/ schemas are the base's: no version changes them). */
  get validators(): FormRules | undefined {
    return this.built;
  }

  /**
   * Builds the services' validators (once; concurrent callers share the build), off the event loop.
   * `onBuilt` hears what it cost. A failed build rejects, and is tried again only after a while
   * (undefined until then).
   */
  prepare(builder: VersionValidators, onBuilt?: (figures: BuildFigures) => void): Promise<FormRules | undefined> {
    if (this.built) return Promise.resolve(this.built);
    if (!this.building) {
      if (Date.now() - this.failedAt < RETRY_AFTER_FAILURE_MS) return Promise.resolve(undefined);
      this.building = builder.build(this.files, `rules-${this.hash.slice(0, 12)}`).then(
        ({ rules, figures }) => {
          this.built = rules;
          this.building = undefined;
          onBuilt?.(figures);
          return rules;
        },
        (error: unknown) => {
          this.building = undefined;
          this.failedAt = Date.now();
          throw error;
        },
      );
    }
    return this.building;
  }
}

/** At most this many versions are kept (the published one always is: the service holds it). */
const KEPT_VERSIONS = 8;

export class VersionCache {
  readonly base: RulesVersion;
  /** Builds the validators and browser modules of every version (the rules thread). */
  readonly builder: VersionValidators;
  private readonly versions = new Map<string, RulesVersion>();

  /** `registry`: the base's files as the routes validate with them; its validators are compiled now (start-up). */
  constructor(registry: SchemaRegistry, builder = new VersionValidators()) {
    const baseFiles: RuleFiles = new Map(registry.files().map((f) => [f.file, f.schema]));
    this.builder = builder;
    this.base = new RulesVersion(rulesHash(baseFiles), baseFiles, builder.seedBase(baseFiles, registry));
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
    } else version = new RulesVersion(resolved.hash, resolved.files);
    this.versions.set(resolved.hash, version);
    if (this.versions.size > KEPT_VERSIONS) this.versions.delete(this.versions.keys().next().value as string);
    return version;
  }

  /** A version already in memory, by hash. */
  kept(hash: string): RulesVersion | undefined {
    return hash === this.base.hash ? this.base : this.versions.get(hash);
  }

  /** The browser module of a form's validators for a version (the form gallery's module format), compiled in the rules thread. */
  formModule(version: ResolvedRules, form: FormName): Promise<string> {
    return this.builder.formModule(moduleKey(version.hash, form), version.files, form);
  }

  /** Whether that module is built already (answering it costs nothing). */
  formModuleBuilt(hash: string, form: FormName): boolean {
    return this.builder.moduleBuilt(moduleKey(hash, form));
  }

  /** A form's ui schema in a version. */
  uiSchema(version: ResolvedRules, form: FormName): JsonSchema | undefined {
    const ui = version.files.get(`ui/${form}.ui.json`);
    return ui && resolveUiIncludes(ui, (id) => version.files.get(id));
  }
}

const moduleKey = (hash: string, form: FormName): string => `rules/${hash}/${form}`;

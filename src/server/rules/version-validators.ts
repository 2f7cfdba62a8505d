import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ValidateFunction } from 'ajv';
import { bundleSchema } from '../../shared/schemas/bundle';
import { type FieldError, toFieldErrors } from '../../shared/schemas/field-errors';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import { bounded, formFields, standaloneValidator, type FormRules, type SchemaRegistry } from '../http/schema-registry';
import { trustedPatterns } from '../http/linear-regexp';
import type { RuleFiles } from './rule-files';
import { RulesThread } from './rules-thread';
import { filesForThread, validatedFiles, validatorKeys, type ServicesValidatorsAnswer } from './validator-code';

// A rules version's validators are built before the version is used, off the event loop: the rules
// thread compiles them (validator-code.ts) as Ajv standalone code, one file at a time, with V8's code
// cache of each, and this thread only evaluates that code from its cache (about a millisecond for the
// largest form), one file per turn of the event loop, so a request waits behind at most one file. A file whose validator depends on the same files as one already built (the same
// key) reuses it: a version builds only the forms its changes reach. The browser modules of a version
// (and the form gallery's) are compiled in the same thread, kept, and shared by concurrent requests.

/** The longest a version's compilation may take in the thread (a busy machine included). */
const BUILD_DEADLINE_MS = 60_000;
/** Validators kept for reuse, by key (a version's files; the base's are always kept). */
const KEPT_VALIDATORS = 256;
/** The form the thread compiles to warm up: small, yet reaching the shared address rules. */
const WARM_FILE = 'forms/address.schema.json';
/** Browser modules kept, by version and form. */
const KEPT_MODULES = 64;

/** What building one version's validators cost, for the log. */
export interface BuildFigures {
  /** Files compiled in the thread, and files whose validators were reused. */
  built: number;
  reused: number;
  /** Milliseconds in the thread, and on this thread: all evaluations, and the longest one. */
  threadMs: number;
  evalMs: number;
  longestEvalMs: number;
}

/** A version's rules as the services validate with them, every validator already built. */
class BuiltRules implements FormRules {
  private readonly fieldLists: Map<string, string[]>;

  constructor(
    private readonly name: string,
    private readonly files: RuleFiles,
    private readonly validators: ReadonlyMap<string, ValidateFunction>,
    fields: Record<string, string[]>,
  ) {
    this.fieldLists = new Map(Object.entries(fields));
  }

  private schema(file: string): JsonSchema {
    const schema = this.files.get(file);
    if (!schema) throw new Error(`No schema file ${file} in ${this.name}`);
    return schema;
  }

  fields(file: string): string[] {
    let list = this.fieldLists.get(file);
    if (!list) {
      const id = typeof this.schema(file).$id === 'string' ? (this.schema(file).$id as string) : file;
      list = formFields(
        bundleSchema(
          id,
          [...this.files].map(([path, schema]) => ({ path, schema })),
        ),
      );
      this.fieldLists.set(file, list);
    }
    return list;
  }

  ui(form: string): JsonSchema {
    return resolveUiIncludes(this.schema(`ui/${form}.ui.json`), (id) => this.files.get(id));
  }

  validate(file: string, data: unknown): FieldError[] | null {
    const validate = this.validators.get(file);
    // Never compiled here: a file the thread did not build is a mistake, not a reason to hold the loop.
    if (!validate) throw new Error(`No validator for ${file} in ${this.name}`);
    return validate(data) ? null : toFieldErrors(validate.errors ?? []);
  }
}

export class VersionValidators {
  private readonly byKey = new Map<string, ValidateFunction>();
  /** The base's key of each file (seedBase). */
  private readonly baseKeys = new Map<string, string>();
  private readonly keptForever = new Set<string>();
  private readonly modules = new Map<string, Promise<string>>();
  private readonly builtModules = new Set<string>();

  constructor(private readonly thread: RulesThread = new RulesThread()) {}

  /**
   * The base's validators, compiled here by the registry the routes validate with, at start-up (before
   * the instance serves): every form and definition, so a roll back to the base finds them built, and
   * every version reuses those its changes do not reach.
   */
  seedBase(files: RuleFiles, registry: SchemaRegistry): FormRules {
    for (const [file, key] of validatorKeys(files, validatedFiles(files))) {
      this.byKey.set(key, registry.validator(file));
      this.baseKeys.set(file, key);
      this.keptForever.add(key);
    }
    return registry;
  }

  /**
   * Starts the thread and has it compile one form of the base (seedBase first): its modules loaded,
   * Ajv's compiler warmed, so the first version published finds it ready. The answer is not kept.
   */
  async warm(files: RuleFiles): Promise<void> {
    const known = [...this.baseKeys].filter(([file]) => file !== WARM_FILE).map(([, key]) => key);
    await this.thread.ask<ServicesValidatorsAnswer>(
      { type: 'services-validators', files: filesForThread(files), known, trusted: trustedPatterns() },
      BUILD_DEADLINE_MS,
    );
  }

  /** A version's validators, compiled in the thread and evaluated here a file per turn; `name` names them in errors and traces. */
  async build(files: RuleFiles, name: string): Promise<{ rules: FormRules; figures: BuildFigures }> {
    const answer = await this.thread.ask<ServicesValidatorsAnswer>(
      { type: 'services-validators', files: filesForThread(files), known: [...this.byKey.keys()], trusted: trustedPatterns() },
      BUILD_DEADLINE_MS,
    );
    const validators = new Map<string, ValidateFunction>();
    const figures: BuildFigures = { built: 0, reused: 0, threadMs: answer.ms, evalMs: 0, longestEvalMs: 0 };
    for (const { file, key, code, cache } of answer.validators) {
      let validate = this.byKey.get(key);
      if (validate) figures.reused += 1;
      else {
        if (!code) throw new Error(`The rules thread sent no code for ${file} (${name})`);
        // One file per turn: whatever waits on the loop goes first.
        await nextTurn();
        const started = performance.now();
        validate = bounded(
          standaloneValidator(code.bounds, `${name}/${file}#bounds`, cache?.bounds),
          standaloneValidator(code.full, `${name}/${file}`, cache?.full),
        );
        const ms = performance.now() - started;
        figures.built += 1;
        figures.evalMs += ms;
        figures.longestEvalMs = Math.max(figures.longestEvalMs, ms);
        this.keep(key, validate);
      }
      validators.set(file, validate);
    }
    figures.evalMs = Math.round(figures.evalMs * 10) / 10;
    figures.longestEvalMs = Math.round(figures.longestEvalMs * 10) / 10;
    return { rules: new BuiltRules(name, files, validators, answer.fields), figures };
  }

  private keep(key: string, validate: ValidateFunction): void {
    this.byKey.set(key, validate);
    if (this.byKey.size <= KEPT_VALIDATORS + this.keptForever.size) return;
    for (const old of this.byKey.keys()) {
      if (this.keptForever.has(old)) continue;
      this.byKey.delete(old);
      break;
    }
  }

  /**
   * A form's browser module (the form gallery's format) for a set of files, compiled in the thread and
   * kept under `key` (a version's hash and the form); concurrent requests for it share one compilation.
   */
  formModule(key: string, files: RuleFiles, form: FormName): Promise<string> {
    let module = this.modules.get(key);
    if (module) {
      // Most recently used last.
      this.modules.delete(key);
      this.modules.set(key, module);
      return module;
    }
    module = this.thread.ask<string>({ type: 'form-module', files: filesForThread(files), form }, BUILD_DEADLINE_MS).then(
      (code) => {
        if (this.modules.has(key)) this.builtModules.add(key);
        return code;
      },
      (error: unknown) => {
        // Not kept: the next request tries again.
        this.modules.delete(key);
        throw error;
      },
    );
    this.modules.set(key, module);
    if (this.modules.size > KEPT_MODULES) {
      const oldest = this.modules.keys().next().value as string;
      this.modules.delete(oldest);
      this.builtModules.delete(oldest);
    }
    return module;
  }

  /** Whether a module is built and kept: answering it costs nothing (load shedding lets it through). */
  moduleBuilt(key: string): boolean {
    return this.builtModules.has(key);
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

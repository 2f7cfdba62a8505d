// Reading one environment variable each, strictly: a value that is there but wrong stops the start
// with a ConfigError naming the variable, instead of quietly falling back to a default. An empty
// value counts as unset. Values of secrets are never repeated in a message.

/** A missing or malformed setting: the message is one line that names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

// Secrets, and URLs that may carry a password, are never repeated.
const SECRET = /SECRET|KEY$|PASSWORD|TOKEN$|DATABASE_URL|SMTP_URL/;
const shown = (name: string, value: string) => (SECRET.test(name) ? '(value not shown)' : JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value));

export const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
export const FALSE_WORDS = ['0', 'false', 'off', 'no'];

export function envReader(env: Env) {
  const raw = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const fail = (name: string, problem: string): never => {
    throw new ConfigError(name, problem);
  };

  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const value = raw(name);
    if (value === undefined) return fallback;
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) fail(name, `must be a whole number from ${min} to ${max}, got ${shown(name, value)}`);
    return n;
  };

  /** An absolute URL whose scheme is one of `protocols` (e.g. ['https:']), parsed, never string-matched. */
  const url = (name: string, protocols: string[]): URL | undefined => {
    const value = raw(name);
    if (value === undefined) return undefined;
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    if (!parsed) return fail(name, `must be an absolute URL, got ${shown(name, value)}`);
    if (!protocols.includes(parsed.protocol)) fail(name, `must be a ${protocols.join(' or ')} URL, got ${parsed.protocol}`);
    return parsed;
  };

  function originOf(name: string, value: string, protocols = ['http:', 'https:']): string {
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    if (!parsed) return fail(name, `must be an absolute URL, got ${shown(name, value)}`);
    if (!protocols.includes(parsed.protocol)) fail(name, `must be a ${protocols.join(' or ')} URL, got ${parsed.protocol}`);
    if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password) {
      fail(name, `must be an origin (scheme://host[:port]) with no path, query or credentials, got ${shown(name, value)}`);
    }
    return parsed.origin;
  }

  return {
    raw,
    fail,
    string: (name: string, fallback: string): string => raw(name) ?? fallback,
    optional: (name: string): string | undefined => raw(name),
    port: (name: string, fallback: number) => integer(name, fallback, 0, 65535),
    count: (name: string, fallback: number) => integer(name, fallback, 1),
    /** Milliseconds, 0 or more. */
    millis: (name: string, fallback: number) => integer(name, fallback, 0),
    url,
    /** An origin (scheme, host, port: nothing after it), as URL.origin spells it. */
    origin(name: string, fallback: string, protocols = ['http:', 'https:']): string {
      return originOf(name, raw(name) ?? fallback, protocols);
    },
    originOf,
    bool(name: string, fallback: boolean): boolean {
      const value = raw(name)?.toLowerCase();
      if (value === undefined) return fallback;
      if (TRUE_WORDS.includes(value)) return true;
      if (FALSE_WORDS.includes(value)) return false;
      return fail(name, `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}, got ${shown(name, value)}`);
    },
    oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
      const value = raw(name);
      if (value === undefined) return fallback;
      if (!(values as readonly string[]).includes(value)) fail(name, `must be one of ${values.join(', ')}, got ${shown(name, value)}`);
      return value as T;
    },
    /** Comma-separated values, each checked by `check` (which returns the value to keep or throws). */
    list(name: string, fallback: string, check: (item: string) => string = (item) => item): string[] {
      return (raw(name) ?? fallback)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map(check);
    },
  };
}

export type EnvReader = ReturnType<typeof envReader>;

/*
 * What a validation message may say about the rule that failed, read off the rule itself (the
 * schema's own numbers and patterns, as Ajv reports them), never written in TypeScript. The browser
 * and the services attach these to a field error beside its message key, and a text can use them:
 * `Validation.InvalidCity` stays the key, and the text for a failed length rule,
 * `Validation.InvalidCity_maxLength` ("… at most {{limit}} characters"), is picked by `rule` as the
 * i18next context, with the key's own text as the fallback.
 *
 * Use:
 *   messageParams(error.params.errors)   // ajv-errors' original errors of one errorMessage error
 *   // -> { rule: 'maxLength', limit: 32 } | { rule: 'characters', characters: '" , >' } | undefined
 */

/** Each kind of rule a message can put in words, and the parameters its text may use. */
export const MESSAGE_RULES = {
  maxLength: ['limit'],
  minLength: ['limit'],
  characters: ['characters'],
} as const;

export type MessageRule = keyof typeof MESSAGE_RULES;

export interface MessageParams {
  /** The kind of rule that failed; the text for it is the message key with `_<rule>` appended. */
  rule: MessageRule;
  /** The length a maxLength or minLength rule allows. */
  limit?: number;
  /** A character rule: the printable Latin-1 characters it refuses, separated by spaces. */
  characters?: string;
}

interface RuleError {
  keyword?: string;
  params?: Record<string, unknown>;
}

// Printable Latin-1, the character set every text field of the schemas is drawn from: space to
// tilde, and no-break space to ÿ. A character rule is described by the ones of these it refuses.
const LATIN1_PRINTABLE: readonly string[] = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => String.fromCharCode(0xa0 + i)),
];

// A character rule is a pattern that is one character class, repeated: ^[...]*$. Each part of the
// class is matched once (linear time).
const CHARACTER_CLASS = /^\^\[(?:[^\]\\]|\\.)+\]\*\$$/;

const refusedByPattern = new Map<string, string>();

/** The printable Latin-1 characters a character-class pattern refuses ('' when it refuses none). */
export function refusedCharacters(pattern: string): string | undefined {
  if (!CHARACTER_CLASS.test(pattern)) return undefined;
  let refused = refusedByPattern.get(pattern);
  if (refused === undefined) {
    // The same flags as Ajv's own compilation of the pattern (unicode).
    const matches = new RegExp(pattern, 'u');
    refused = LATIN1_PRINTABLE.filter((character) => !matches.test(character)).join(' ');
    refusedByPattern.set(pattern, refused);
  }
  return refused;
}

/** The parameters of the first failed rule that a message can put in words, or undefined. */
export function messageParams(errors: readonly RuleError[] | null | undefined): MessageParams | undefined {
  for (const error of errors ?? []) {
    const limit = error.params?.limit;
    if (error.keyword === 'maxLength' && typeof limit === 'number') return { rule: 'maxLength', limit };
    // minLength 1 is how the schemas say "required": that text has nothing to add.
    if (error.keyword === 'minLength' && typeof limit === 'number' && limit > 1) return { rule: 'minLength', limit };
    const pattern = error.params?.pattern;
    if (error.keyword === 'pattern' && typeof pattern === 'string') {
      const characters = refusedCharacters(pattern);
      if (characters) return { rule: 'characters', characters };
    }
  }
  return undefined;
}

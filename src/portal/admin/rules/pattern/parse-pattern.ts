import { type AST, RegExpParser } from '@eslint-community/regexpp';

export type ParsedPattern = { ok: true; ast: AST.Pattern; regexp: RegExp } | { ok: false; error: string };

/**
 * A schema pattern as the validators read it: a JavaScript regular expression with the `u` flag
 * (Ajv's default), parsed into its syntax tree for the plain-words explanation and compiled for
 * sample values. For display only: the services decide what is valid.
 */
export function parsePattern(pattern: string): ParsedPattern {
  try {
    const ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
    return { ok: true, ast, regexp: new RegExp(pattern, 'u') };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

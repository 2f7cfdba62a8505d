// The `xliff` package (locize) ships no types: the two calls the texts exchange uses (exchange.ts), and
// what xliff2js answers for a unit and a group.
declare module 'xliff' {
  export interface XliffUnit {
    source: unknown;
    target?: unknown;
    note?: string;
  }
  /** A <group>: its units (and groups) under their ids. */
  export interface XliffGroup {
    groupUnits: Record<string, XliffUnit | XliffGroup>;
  }
  export interface XliffJs {
    sourceLanguage: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, XliffUnit | XliffGroup>>;
  }
  export function js2xliff(js: XliffJs): Promise<string>;
  export function xliff2js(xml: string): Promise<XliffJs>;
}

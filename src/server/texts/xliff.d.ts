// The `xliff` package (locize) ships no types: the two calls the texts exchange uses (exchange.ts).
declare module 'xliff' {
  export interface XliffUnit {
    source: unknown;
    target?: unknown;
    note?: string;
  }
  export interface XliffJs {
    sourceLanguage: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export function js2xliff(js: XliffJs): Promise<string>;
  export function xliff2js(xml: string): Promise<XliffJs>;
}

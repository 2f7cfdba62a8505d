// Import files made to break the reader (POST /api/admin/texts/import): nested as deep as the
// content limit allows, and as wide, in both formats. Each is under the 2 MB content limit, so it
// passes the request's schema and reaches the reader. Shared by the import bounds test and the
// services' worst-body test.

export interface HostileImport {
  name: string;
  body: { lang: 'ja'; format: 'json' | 'xliff'; content: string; reason: string };
  /** The refusal's keyword. */
  keyword: string;
}

const CONTENT_MAX = 2_000_000;
const XLIFF_HEAD = '<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja">';
const xliff = (inside: string) => `${XLIFF_HEAD}<file id="validation">${inside}</file></xliff>`;

const body = (format: 'json' | 'xliff', content: string) => {
  if (content.length > CONTENT_MAX) throw new Error(`${content.length} characters: over the content limit`);
  return { lang: 'ja' as const, format, content, reason: 'hostile' };
};

export function hostileImports(): HostileImport[] {
  return [
    // A recursive walk overflowed its stack here and answered 500.
    { name: 'JSON nested 100,000 deep', body: body('json', `{"validation":${'{"a":'.repeat(100_000)}"x"${'}'.repeat(100_001)}`), keyword: 'import-depth' },
    {
      name: 'JSON of 140,000 texts',
      body: body('json', `{"validation":{"Validation":{${Array.from({ length: 140_000 }, (_, i) => `"k${i}":"x"`).join(',')}}}}`),
      keyword: 'import-size',
    },
    // 90,895 nested groups, 2.0 MB: held the event loop 0.9-3.8 s before its 400.
    {
      name: 'XLIFF of 90,895 nested groups',
      body: body('xliff', xliff(`${'<group id="g">'.repeat(90_895)}${'</group>'.repeat(90_895)}`)),
      keyword: 'import-depth',
    },
    { name: 'XLIFF of 490,000 elements', body: body('xliff', xliff('<a/>'.repeat(490_000))), keyword: 'import-size' },
  ];
}

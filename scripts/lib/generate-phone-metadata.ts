// src/generated/phone-metadata/zone-<digit>.json: libphonenumber-js' metadata (its "min" set) cut
// into the nine world numbering zones, the country calling codes that begin with that digit (zone 1
// is the North American plan alone). A phone shown read-only loads the zone of its own code, so the
// form code carries none of the metadata and a page fetches about 1–4 KB per zone it shows instead
// of the whole set.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import metadata from 'libphonenumber-js/metadata.min.json';

interface Metadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/** The metadata of the given calling codes, in the shape libphonenumber-js' core functions take. */
export function phoneMetadataFor(codes: string[], source: Metadata = metadata as Metadata): Metadata {
  const cut: Metadata = { version: source.version, country_calling_codes: {}, countries: {} };
  for (const code of codes) {
    const regions = source.country_calling_codes[code] ?? [];
    cut.country_calling_codes[code] = regions;
    for (const region of regions) if (source.countries[region]) cut.countries[region] = source.countries[region];
    const nonGeographic = source.nonGeographic?.[code];
    if (nonGeographic) cut.nonGeographic = { ...cut.nonGeographic, [code]: nonGeographic };
  }
  return cut;
}

/** Writes the zones that changed (and removes any other file there); returns the files written. */
export function generatePhoneMetadata(generatedDir: string): string[] {
  const dir = `${generatedDir}/phone-metadata`;
  mkdirSync(dir, { recursive: true });
  const codes = Object.keys((metadata as Metadata).country_calling_codes);
  const names: string[] = [];
  const written: string[] = [];
  for (const zone of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
    const name = `zone-${zone}.json`;
    names.push(name);
    const file = `${dir}/${name}`;
    const content = `${JSON.stringify(phoneMetadataFor(codes.filter((code) => code.startsWith(zone))))}\n`;
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    writeFileSync(file, content);
    written.push(file);
  }
  for (const name of readdirSync(dir)) if (!names.includes(name)) rmSync(`${dir}/${name}`);
  return written;
}

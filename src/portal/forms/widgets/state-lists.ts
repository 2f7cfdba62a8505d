interface StateEntry {
  abbreviation: string;
  country: string;
  name: string;
}

// Read through a glob so the reference list stays data in schemas/defs, not code.
const files = import.meta.glob<{ 'x-states'?: Record<string, StateEntry[]> }>('../../../../schemas/defs/states.schema.json', {
  eager: true,
  import: 'default',
});

const lists: Record<string, StateEntry[]> = Object.values(files)[0]?.['x-states'] ?? {};

/** The states or provinces of a country (3-letter code), or undefined when the country has no list. */
export function statesOf(country: unknown): StateEntry[] | undefined {
  return typeof country === 'string' ? lists[country] : undefined;
}

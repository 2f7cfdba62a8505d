const files = import.meta.glob<{ enum?: unknown }>('../../../../schemas/defs/*.schema.json', { eager: true, import: 'default' });

/** The enum of defs/<name>.schema.json (ui:options.enumFrom), or an empty list. */
export function enumOf(name: string): string[] {
  const list = files[`../../../../schemas/defs/${name}.schema.json`]?.enum;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

// @vitest-environment jsdom
import { render } from '@testing-library/react';
import Form from '@rjsf/core';
import type { Registry, WidgetProps } from '@rjsf/utils';
import { createRuntimeValidator } from '../support/runtime-definitions';
import { templates, widgets } from '../../../src/portal/forms/theme';
import { schemaFiles } from './harness';

// RJSF fields the portal's registry (src/portal/forms/rjsf-registry.ts) leaves out, and what in a
// schema would ask for them.
const UNSUPPORTED: [string, (node: Record<string, unknown>) => boolean][] = [
  [
    'an array (ArrayField)',
    (node) => node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')) || 'items' in node || 'prefixItems' in node,
  ],
  ['a choice of schemas (AnyOfField, OneOfField)', (node) => 'anyOf' in node || 'oneOf' in node],
];

function offenders(value: unknown, where: string, found: string[]) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => offenders(item, `${where}/${i}`, found));
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  for (const [what, asks] of UNSUPPORTED) if (asks(node)) found.push(`${where}: ${what}`);
  for (const [key, child] of Object.entries(node)) {
    // Patterns and enums are data, not schemas.
    if (key === 'enum' || key === 'x-states' || key === 'errorMessage') continue;
    offenders(child, `${where}/${key}`, found);
  }
}

function schemaOffenders(files: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [name, schema] of Object.entries(files)) offenders(schema, name, found);
  return found;
}

describe("RJSF's registry in the portal", () => {
  it('holds only the fields the forms use, with the theme on top', () => {
    let registry: Registry | undefined;
    function Capture(props: WidgetProps) {
      registry = props.registry;
      return null;
    }
    render(
      <Form
        schema={{ type: 'object', properties: { name: { type: 'string' } } }}
        uiSchema={{ name: { 'ui:widget': 'capture' } }}
        widgets={{ ...widgets, capture: Capture }}
        templates={templates}
        validator={createRuntimeValidator()}
      />,
    );
    expect(Object.keys(registry!.fields).sort()).toEqual([
      'BooleanField',
      'FallbackField',
      'NullField',
      'NumberField',
      'ObjectField',
      'SchemaField',
      'StringField',
    ]);
    expect(Object.keys(registry!.widgets).sort()).toEqual(['HiddenWidget', 'capture', ...Object.keys(widgets)].sort());
    expect(Object.keys(registry!.templates)).not.toContain('ArrayFieldTemplate');
  });

  it('is enough for every form and shared schema: no arrays, no anyOf/oneOf choices', () => {
    expect(Object.keys(schemaFiles).length).toBeGreaterThan(10);
    expect(schemaOffenders(schemaFiles)).toEqual([]);
  });

  it('finds a schema that would need a field the registry leaves out (so the check above can fail)', () => {
    expect(schemaOffenders({ sample: { properties: { tags: { type: 'array', items: { type: 'string' } } } } })).toHaveLength(1);
    expect(schemaOffenders({ sample: { properties: { contact: { oneOf: [{ type: 'string' }, { type: 'number' }] } } } })).toHaveLength(1);
  });
});

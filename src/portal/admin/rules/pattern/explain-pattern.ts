/*
 * A pattern in plain words: its syntax tree as a list of steps, each an i18n key of the admin
 * namespace (`admin:Pattern.*`) with its parameters, nested where a step holds others. Characters
 * are shown as themselves when printable, else as code points (U+00A0), in every language.
 */
import type { AST } from '@eslint-community/regexpp';
import type { TextKey } from '../../../ui/texts/text-key';

export interface Step {
  key: TextKey<'admin'>;
  params?: Record<string, string | number>;
  steps?: Step[];
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Printable characters show as themselves (in quotes); spaces, controls and the like as code points. */
export function showCharacter(code: number): string {
  const printable = (code > 0x20 && code < 0x7f) || (code > 0xa0 && code !== 0xad && code < 0x2000 && !(code >= 0x300 && code < 0x370));
  return printable ? `“${String.fromCodePoint(code)}”` : hex(code);
}

const SET_KEY: Record<string, TextKey<'admin'>> = {
  digit: 'admin:Pattern.Set.Digit',
  space: 'admin:Pattern.Set.Space',
  word: 'admin:Pattern.Set.Word',
  any: 'admin:Pattern.Set.Any',
};

function classItem(element: AST.CharacterClassElement): Step {
  switch (element.type) {
    case 'Character':
      return { key: 'admin:Pattern.Char', params: { char: showCharacter(element.value) } };
    case 'CharacterClassRange':
      return { key: 'admin:Pattern.Range', params: { from: showCharacter(element.min.value), to: showCharacter(element.max.value) } };
    case 'CharacterSet':
      return setStep(element);
    default:
      return { key: 'admin:Pattern.Other', params: { source: element.raw } };
  }
}

function setStep(element: AST.CharacterSet): Step {
  if (element.kind === 'property')
    return { key: element.negate ? 'admin:Pattern.Set.NotProperty' : 'admin:Pattern.Set.Property', params: { name: element.raw } };
  const key = SET_KEY[element.kind] ?? 'admin:Pattern.Other';
  return element.kind !== 'any' && element.negate ? { key: 'admin:Pattern.Set.Not', steps: [{ key }] } : { key };
}

function quantifierKey(min: number, max: number): Step {
  if (min === 0 && max === 1) return { key: 'admin:Pattern.Repeat.Optional' };
  if (min === 0 && max === Infinity) return { key: 'admin:Pattern.Repeat.Any' };
  if (min === 1 && max === Infinity) return { key: 'admin:Pattern.Repeat.OneOrMore' };
  if (max === Infinity) return { key: 'admin:Pattern.Repeat.AtLeast', params: { min } };
  if (min === max) return { key: 'admin:Pattern.Repeat.Exactly', params: { count: min } };
  return { key: 'admin:Pattern.Repeat.Between', params: { min, max } };
}

function alternativesStep(alternatives: AST.Alternative[]): Step[] {
  if (alternatives.length === 1) return sequence(alternatives[0]!.elements);
  return [
    {
      key: 'admin:Pattern.Either',
      steps: alternatives.map((alt) =>
        alt.elements.length === 0 ? { key: 'admin:Pattern.Nothing' } : { key: 'admin:Pattern.InOrder', steps: sequence(alt.elements) },
      ),
    },
  ];
}

function assertion(node: AST.Assertion): Step {
  switch (node.kind) {
    case 'start':
      return { key: 'admin:Pattern.Start' };
    case 'end':
      return { key: 'admin:Pattern.End' };
    case 'word':
      return { key: node.negate ? 'admin:Pattern.NotWordBoundary' : 'admin:Pattern.WordBoundary' };
    case 'lookahead':
      return { key: node.negate ? 'admin:Pattern.NotFollowedBy' : 'admin:Pattern.FollowedBy', steps: alternativesStep(node.alternatives) };
    case 'lookbehind':
      return { key: node.negate ? 'admin:Pattern.NotPrecededBy' : 'admin:Pattern.PrecededBy', steps: alternativesStep(node.alternatives) };
  }
}

function element(node: AST.Element): Step {
  switch (node.type) {
    case 'Assertion':
      return assertion(node);
    case 'Quantifier': {
      const repeat = quantifierKey(node.min, node.max);
      return { ...repeat, steps: [element(node.element)] };
    }
    case 'Group':
    case 'CapturingGroup': {
      const steps = alternativesStep(node.alternatives);
      return steps.length === 1 ? steps[0]! : { key: 'admin:Pattern.InOrder', steps };
    }
    case 'CharacterClass':
      return {
        key: node.negate ? 'admin:Pattern.NoneOf' : 'admin:Pattern.OneOf',
        steps: (node.elements as AST.CharacterClassElement[]).map(classItem),
      };
    case 'CharacterSet':
      return setStep(node);
    case 'Character':
      return { key: 'admin:Pattern.Text', params: { text: showCharacter(node.value) } };
    default:
      return { key: 'admin:Pattern.Other', params: { source: node.raw } };
  }
}

/** Consecutive plain characters read as one piece of text. */
function sequence(elements: AST.Element[]): Step[] {
  const out: Step[] = [];
  let text: number[] = [];
  const flush = () => {
    if (text.length === 0) return;
    const printable = text.every((c) => showCharacter(c).startsWith('“'));
    out.push({ key: 'admin:Pattern.Text', params: { text: printable ? `“${String.fromCodePoint(...text)}”` : text.map(showCharacter).join(' ') } });
    text = [];
  };
  for (const node of elements) {
    if (node.type === 'Character') text.push(node.value);
    else {
      flush();
      out.push(element(node));
    }
  }
  flush();
  return out;
}

/** The steps of a whole pattern. Without a start (^) or end ($) anchor, the steps may match anywhere in the text. */
export function explainPattern(ast: AST.Pattern): Step[] {
  const steps = alternativesStep(ast.alternatives);
  const anchored = ast.alternatives.every((alt) => alt.elements[0]?.type === 'Assertion' && alt.elements[0].kind === 'start');
  return anchored ? steps : [{ key: 'admin:Pattern.Anywhere' }, ...steps];
}

import { distance } from 'fastest-levenshtein';
import { englishOf, SOURCE_LANGUAGE, type Lang, type Texts } from './texts-files';

// Translation memory (docs/texts.md#translation-memory-and-glossary): for a key, the texts other keys
// already have in the language whose English is the same as this key's (exact matches first), then
// those whose English is close (Levenshtein distance over the longer length, at least 70 % alike),
// best first. Only the published texts are searched; each suggestion names the key it comes from.

export interface Suggestion {
  key: string;
  english: string;
  text: string;
  /** 1 for the same English; below for a close one (1 - distance / the longer length). */
  score: number;
}

const CLOSE = 0.7;
const SHOWN = 5;
/** Longer texts are compared only with texts of a similar length, so a search stays bounded. */
const LENGTH_SLACK = 0.3;

export function suggestions(texts: Texts, key: string, lang: Lang): Suggestion[] {
  const english = texts.get(SOURCE_LANGUAGE) as Map<string, string>;
  const target = texts.get(lang);
  const source = englishOf(english, key);
  if (!target || !source || lang === SOURCE_LANGUAGE) return [];
  const wanted = source.trim().toLowerCase();
  const found: Suggestion[] = [];
  for (const [other, text] of target) {
    if (other === key || !text) continue;
    const otherEnglish = englishOf(english, other);
    if (!otherEnglish) continue;
    const candidate = otherEnglish.trim().toLowerCase();
    const longer = Math.max(candidate.length, wanted.length);
    if (longer === 0 || Math.abs(candidate.length - wanted.length) > longer * LENGTH_SLACK) continue;
    const score = candidate === wanted ? 1 : 1 - distance(candidate, wanted) / longer;
    if (score >= CLOSE) found.push({ key: other, english: otherEnglish, text, score: Math.round(score * 1000) / 1000 });
  }
  // One suggestion per text: the best-scored key that has it.
  const byText = new Map<string, Suggestion>();
  for (const s of found.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))) if (!byText.has(s.text)) byText.set(s.text, s);
  return [...byText.values()].slice(0, SHOWN);
}

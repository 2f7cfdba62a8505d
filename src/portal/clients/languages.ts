/*
 * The calls about languages (docs/texts.md#languages): the learner's chosen language kept with the
 * account, and, for the localisation role, a draft language's texts for a preview in context
 * (docs/texts.md#preview-in-context) with the language itself (its direction and fallback).
 *
 * Use:
 *   await keepChosenLanguage(accountId, 'fr');
 *   const language = await previewLanguage('fr');           // undefined: no such language
 *   const texts = await previewNamespace('fr', 'portal');
 */
import { request } from './client';
import type { PortalLanguage } from './config';

export const keepChosenLanguage = (accountId: string, language: string | null) =>
  request('identity', 'PUT', '/api/accounts/{id}/language', { path: { id: accountId }, body: { language } });

export async function previewLanguage(tag: string): Promise<PortalLanguage | undefined> {
  const { languages } = await request('identity', 'GET', '/api/admin/texts/languages');
  const found = languages.find((language) => language.tag === tag);
  return found ? { tag: found.tag, dir: found.direction, fallback: found.fallback } : undefined;
}

export const previewNamespace = (tag: string, namespace: string) =>
  request('identity', 'GET', '/api/admin/texts/preview/{tag}/{namespace}', { path: { tag, namespace } }) as Promise<Record<string, unknown>>;

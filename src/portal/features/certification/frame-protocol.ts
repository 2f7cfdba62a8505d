/*
 * The messages between the portal and the embedded certification page (docs/behaviour.md#screens-and-routes and docs/behaviour.md#constants).
 *
 * Portal -> frame, posted to the frame's own origin only:
 *   { type: 'portal:token', token }     1 s after the frame loads
 *   { type: 'portal:check' }            every 500 ms until the frame says it is initialised
 *   { type: 'portal:show', section }    the certification route the learner is on
 * Frame -> portal, accepted only from the frame's window on an allowed origin, in these shapes:
 *   { type: 'frame:initialised' }
 *   { type: 'frame:manage-exams' }      go to the exam management page
 *   { type: 'frame:edit-address' }      open the address editor
 */

export const CERTIFICATION_SECTIONS = ['exams', 'certifications', 'continuing-education'] as const;
export type CertificationSection = (typeof CERTIFICATION_SECTIONS)[number];

export type PortalMessage = { type: 'portal:token'; token: string } | { type: 'portal:check' } | { type: 'portal:show'; section: CertificationSection };

export type FrameMessage = { type: 'frame:initialised' } | { type: 'frame:manage-exams' } | { type: 'frame:edit-address' };

const FRAME_TYPES: ReadonlySet<string> = new Set<FrameMessage['type']>(['frame:initialised', 'frame:manage-exams', 'frame:edit-address']);

export const TOKEN_DELAY_MS = 1000;
export const CHECK_INTERVAL_MS = 500;
/** Checks without an answer before the portal gives up and offers a retry (30 s). */
export const MAX_CHECKS = 60;

export function isCertificationSection(value: string | undefined): value is CertificationSection {
  return (CERTIFICATION_SECTIONS as readonly string[]).includes(value ?? '');
}

export type Refusal = 'source' | 'origin' | 'shape';

/**
 * Reads a message event as a frame message, or says why it is refused: it must come from the
 * frame's own window, from an allowed origin (compared as parsed origins, never as text), and be a
 * plain object with exactly a known `type` and nothing else.
 */
export function readFrameMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: { window: MessageEventSource | null; allowedOrigins: readonly string[] },
): { message: FrameMessage } | { refused: Refusal } {
  if (!frame.window || event.source !== frame.window) return { refused: 'source' };
  if (!isAllowedOrigin(event.origin, frame.allowedOrigins)) return { refused: 'origin' };
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) return { refused: 'shape' };
  const keys = Object.keys(data);
  const type = (data as { type?: unknown }).type;
  if (keys.length !== 1 || typeof type !== 'string' || !FRAME_TYPES.has(type)) return { refused: 'shape' };
  return { message: { type } as FrameMessage };
}

export function isAllowedOrigin(origin: string, allowedOrigins: readonly string[]): boolean {
  const parsed = originOf(origin);
  return parsed !== null && allowedOrigins.some((allowed) => originOf(allowed) === parsed);
}

/** The origin of a URL, or null when it does not parse or has no origin of its own (data:, blob:...). */
export function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const { origin, protocol } = new URL(url);
  return origin !== 'null' && (protocol === 'https:' || protocol === 'http:') ? origin : null;
}

/** The frame's address for a section; its origin is the only target the portal posts to. */
export function frameSource(url: string, section: CertificationSection, language: string): URL {
  const source = new URL(url);
  source.searchParams.set('section', section);
  source.searchParams.set('lang', language);
  return source;
}

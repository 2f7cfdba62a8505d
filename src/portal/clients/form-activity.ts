/*
 * Form activity (docs/admin-area.md, "Evidence: form activity"): what learners do with forms and
 * modals, without personal data, sent to the services in batches. No React here: SchemaForm and the
 * modal call it, outside rendering, so recording never adds a commit.
 *
 * Use:
 *   formActivity()?.record({ type: 'submit-attempted', form: 'profile' });   // null when off
 *   const stop = recorder.whenLeaving(() => { if (edited) recorder.record({ type: 'form-abandoned', form }) });
 *
 * Batched: one request for up to 50 events, at most one every 10 s; on leaving the page (pagehide)
 * or hiding it, everything queued goes at once with fetch keepalive. The queue is bounded (the oldest
 * events are dropped beyond it). A failed request is not retried. Off (the services' FORM_ACTIVITY=off,
 * said in the portal configuration), and before the client is configured (the gallery), nothing is
 * recorded. It loads with the form code and the modal's, never with the first page.
 */
import type { ApiFormActivityRequest, ApiFormActivityRequestModal } from '../../generated/api-types';
import { apiConfig, request, sendWhileLeaving } from './client';

export type FormActivityEvent = ApiFormActivityRequest[number];
/** An event as a caller records it: the time is added here. */
export type FormActivityInput = Omit<FormActivityEvent, 'at'>;
/** The modals whose views are counted (schemas/api/form-activity-request.schema.json). */
export type ModalName = ApiFormActivityRequestModal;

export const BATCH_SIZE = 50;
export const INTERVAL_MS = 10_000;
export const QUEUE_CAPACITY = 200;
const PATH = '/api/form-activity';

export interface RecorderOptions {
  /** Sends one batch; `leaving`: the page is going away (keepalive, no waiting). */
  send: (events: FormActivityEvent[], leaving: boolean) => void;
  now?: () => number;
  batchSize?: number;
  intervalMs?: number;
  capacity?: number;
  /** Where pagehide and visibilitychange are listened for (the page's window by default). */
  page?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  };
}

export interface FormActivityRecorder {
  record(event: FormActivityInput): void;
  /** `check` runs when the page is left, before the queue is sent (to record an abandoned form). Answers the function that removes it. */
  whenLeaving(check: () => void): () => void;
  /** Sends everything queued now, in batches (what leaving the page does). */
  flush(leaving: boolean): void;
  /** Events waiting to be sent. */
  pending(): number;
  /** Stops listening to the page and drops the queue. */
  dispose(): void;
}

export function createFormActivityRecorder({
  send,
  now = Date.now,
  batchSize = BATCH_SIZE,
  intervalMs = INTERVAL_MS,
  capacity = QUEUE_CAPACITY,
  page = window,
}: RecorderOptions): FormActivityRecorder {
  let queue: FormActivityEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const leaveChecks = new Set<() => void>();

  const sendBatch = (leaving: boolean) => {
    const batch = queue.slice(0, batchSize);
    queue = queue.slice(batch.length);
    if (batch.length > 0) send(batch, leaving);
  };
  const schedule = () => {
    if (timer !== undefined || queue.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      sendBatch(false);
      schedule();
    }, intervalMs);
  };
  const flush = (leaving: boolean) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) sendBatch(leaving);
  };
  const onPageHide = () => {
    for (const check of [...leaveChecks]) check();
    flush(true);
  };
  const onVisibility = () => {
    if (page.document.visibilityState === 'hidden') flush(true);
  };
  page.addEventListener('pagehide', onPageHide);
  page.document.addEventListener('visibilitychange', onVisibility);

  return {
    record(event) {
      queue.push({ ...event, at: new Date(now()).toISOString() });
      if (queue.length > capacity) queue = queue.slice(queue.length - capacity);
      schedule();
    },
    whenLeaving(check) {
      leaveChecks.add(check);
      return () => leaveChecks.delete(check);
    },
    flush,
    pending: () => queue.length,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      queue = [];
      leaveChecks.clear();
      page.removeEventListener('pagehide', onPageHide);
      page.document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** One batch to the services: through the client (its token), or at once with keepalive when leaving. */
function sendToServices(events: FormActivityEvent[], leaving: boolean): void {
  if (leaving && sendWhileLeaving('identity', PATH, events)) return;
  request('identity', 'POST', PATH, { body: events, keepalive: leaving }).catch(() => undefined);
}

let recorder: FormActivityRecorder | null | undefined;

/** The portal's recorder, made at its first use; null while recording is off or the client is not set up. */
export function formActivity(): FormActivityRecorder | null {
  if (recorder !== undefined) return recorder;
  const config = apiConfig();
  if (!config) return null;
  recorder = config.formActivity === true ? createFormActivityRecorder({ send: sendToServices }) : null;
  return recorder;
}

/** Unit tests: forget the recorder, so the next use reads the configuration again. */
export function resetFormActivity(): void {
  recorder?.dispose();
  recorder = undefined;
}

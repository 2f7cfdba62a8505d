import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { CHECK_INTERVAL_MS, type FrameMessage, MAX_CHECKS, type PortalMessage, readFrameMessage, TOKEN_DELAY_MS } from './frame-protocol';

export type HandshakeState = 'loading' | 'initialised' | 'failed';

interface Options {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The frame's own origin: the only target the portal posts to. */
  frameOrigin: string;
  allowedOrigins: readonly string[];
  fetchToken: () => Promise<string>;
  /** The frame's requests (manage exams, edit address); `frame:initialised` is handled here. */
  onRequest: (message: FrameMessage) => void;
}

/**
 * The portal's side of the frame protocol: when the frame has loaded, its token 1 s later, then an
 * initialised check every 500 ms until the frame answers (a new load starts again). Messages that
 * are not the frame's, or not of a known shape, change nothing and are logged.
 */
export function useFrameHandshake({ frame, frameOrigin, allowedOrigins, fetchToken, onRequest }: Options) {
  const [state, setState] = useState<HandshakeState>('loading');
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; check?: ReturnType<typeof setInterval> }>({});
  // Each load of the frame is a new handshake; a token still on its way for an earlier one is dropped.
  const generation = useRef(0);
  const latest = useRef({ fetchToken, onRequest });
  useEffect(() => {
    latest.current = { fetchToken, onRequest };
  });

  const post = useCallback(
    (message: PortalMessage) => {
      frame.current?.contentWindow?.postMessage(message, frameOrigin);
    },
    [frame, frameOrigin],
  );

  const stop = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.check);
    timers.current = {};
  }, []);

  const onLoad = useCallback(() => {
    stop();
    setState('loading');
    const current = ++generation.current;
    timers.current.delay = setTimeout(() => {
      latest.current.fetchToken().then(
        (token) => {
          if (current !== generation.current) return;
          post({ type: 'portal:token', token });
          let checks = 0;
          timers.current.check = setInterval(() => {
            checks += 1;
            if (checks > MAX_CHECKS) {
              stop();
              setState('failed');
              return;
            }
            post({ type: 'portal:check' });
          }, CHECK_INTERVAL_MS);
        },
        (error: unknown) => {
          if (current !== generation.current) return;
          console.error('[certification frame] no token', error);
          setState('failed');
        },
      );
    }, TOKEN_DELAY_MS);
  }, [post, stop]);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const read = readFrameMessage(event, { window: frame.current?.contentWindow ?? null, allowedOrigins });
      if ('refused' in read) {
        // Other windows' messages are common (extensions, other tabs' tools): only log, never act.
        console.warn('[certification frame] message ignored', { refused: read.refused, origin: event.origin });
        return;
      }
      if (read.message.type === 'frame:initialised') {
        stop();
        setState('initialised');
        return;
      }
      latest.current.onRequest(read.message);
    };
    window.addEventListener('message', receive);
    return () => {
      window.removeEventListener('message', receive);
      generation.current += 1;
      stop();
    };
  }, [frame, allowedOrigins, stop]);

  return { state, onLoad, post };
}

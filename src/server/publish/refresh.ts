// Reading the published version again, one look at a time: a signal while a look runs asks for one
// more look after it (never a second one beside it), so a burst of notifications costs two reads.
// The rules and the texts services each keep one.

export interface Refresher {
  /** Looks now, or once more after the look in flight; resolves when the last look ends. */
  refresh(): Promise<void>;
  /** The look in flight, if any (awaited on stop). */
  inFlight(): Promise<void> | undefined;
}

export function refresher(lookOnce: () => Promise<void>): Refresher {
  let looking: Promise<void> | undefined;
  let lookAgain = false;
  return {
    refresh() {
      if (looking) {
        lookAgain = true;
        return looking;
      }
      looking = (async () => {
        try {
          do {
            lookAgain = false;
            await lookOnce();
          } while (lookAgain);
        } finally {
          looking = undefined;
        }
      })();
      return looking;
    },
    inFlight: () => looking,
  };
}

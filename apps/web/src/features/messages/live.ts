import type { Message, MessagingEvent } from '@mihna/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionToken } from '../../lib/api-client.ts';
import { apiPaths } from '../../lib/paths.ts';
import { applyMessagingEvent, messagingKeys } from './api/conversations.ts';
import { createEventStreamParser } from './event-stream.ts';

/** The server pings every 15 s; this long without a byte means the connection died without saying so. */
const SILENCE_MS = 40_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

interface StreamOptions {
  onEvent: (event: MessagingEvent) => void;
  /** The stream (re)opened without resuming: what is on screen may be older than it. */
  onFresh: () => void;
}

/**
 * The live stream of messages, read with fetch (EventSource cannot send the bearer token). A dropped
 * or silent connection is opened again, after 1 s and then longer, from the last event it received
 * (Last-Event-ID): the server sends exactly what was missed, so nothing is lost or shown twice.
 * Returns the function that closes it.
 */
export function openMessageStream({ onEvent, onFresh }: StreamOptions): () => void {
  const closed = new AbortController();
  let lastEventId: string | undefined;

  async function connect(): Promise<'again' | 'stop'> {
    const token = sessionToken.read();
    if (!token) return 'stop';
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    closed.signal.addEventListener('abort', abort);
    let silence = setTimeout(abort, SILENCE_MS);
    try {
      const response = await fetch(apiPaths.messageStream, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
        },
        signal: attempt.signal,
        cache: 'no-store',
      });
      // Signed out or the session ended: nothing to listen to until the next sign-in.
      if (response.status === 401 || response.status === 403) return 'stop';
      if (!response.ok || !response.body) return 'again';
      const feed = createEventStreamParser((event) => {
        if (event.id !== undefined) lastEventId = event.id;
        if (event.event === 'ready') return onFresh();
        if (event.event !== 'message' && event.event !== 'read') return;
        try {
          // The server's own events (messaging.routes.ts): a message as the API answers it, or a read mark.
          const data: unknown = JSON.parse(event.data);
          onEvent(
            event.event === 'message'
              ? { type: 'message', message: data as Message }
              : { type: 'read', ...(data as Omit<Extract<MessagingEvent, { type: 'read' }>, 'type'>) },
          );
        } catch {
          // An event that is not JSON is not one of ours; the stream goes on.
        }
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'again';
        clearTimeout(silence);
        silence = setTimeout(abort, SILENCE_MS);
        feed(value);
      }
    } catch {
      return closed.signal.aborted ? 'stop' : 'again';
    } finally {
      clearTimeout(silence);
      closed.signal.removeEventListener('abort', abort);
    }
  }

  void (async () => {
    let wait = FIRST_RETRY_MS;
    while (!closed.signal.aborted) {
      const startedAt = Date.now();
      if ((await connect()) === 'stop') return;
      // A connection that lived a while was fine: the next one is tried soon again.
      if (Date.now() - startedAt > SILENCE_MS) wait = FIRST_RETRY_MS;
      await new Promise((resolve) => setTimeout(resolve, wait * (0.75 + Math.random() / 2)));
      wait = Math.min(wait * 2, LAST_RETRY_MS);
    }
  })();
  return () => closed.abort();
}

/** Keeps this user's conversations, threads and unread count current while the app is open. */
export function useMessageStream(userId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openMessageStream({
        onEvent: (event) => applyMessagingEvent(queryClient, userId, event),
        onFresh: () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all(userId) }),
      }),
    [queryClient, userId],
  );
}

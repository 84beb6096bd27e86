import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A Bot API call the stand-in has just answered, seen from its response (the chat it touched). */
export interface BotCall {
  method: string;
  chatId: number;
  messageId: number;
  text: string;
  /** performance.now() when the stand-in answered: the bot's answer is visible from then on. */
  at: number;
  /** Date.now() at the same moment, to compare with the sandbox's wall-clock records. */
  wall: number;
}

export interface CallTap {
  /** Every answered call that named a chat, oldest first. */
  readonly calls: BotCall[];
  /** Listens to the calls of one chat; returns the unsubscribe function. */
  on(chatId: number, listener: (call: BotCall) => void): () => void;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Watches the stand-in's answers without touching its code: one map lookup per call instead of a
 * chat-view rebuild per waiting user per change, so 1,000 simulated users cost the generator little.
 */
export function tapBotCalls(server: Server): CallTap {
  const calls: BotCall[] = [];
  const listeners = new Map<number, Set<(call: BotCall) => void>>();
  const original = server.listeners('request') as Listener[];
  server.removeAllListeners('request');

  const inspect = (method: string, body: string): void => {
    const parsed = JSON.parse(body) as { ok?: boolean; result?: unknown };
    const result = parsed.result as
      { chat?: { id?: number }; message_id?: number; text?: string; caption?: string } | undefined;
    const chatId = result?.chat?.id;
    if (parsed.ok !== true || typeof chatId !== 'number') return;
    const call: BotCall = {
      method,
      chatId,
      messageId: result?.message_id ?? 0,
      text: result?.text ?? result?.caption ?? '',
      at: performance.now(),
      wall: Date.now(),
    };
    calls.push(call);
    for (const listener of listeners.get(chatId) ?? []) listener(call);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const method = /^\/bot[^/]+\/([A-Za-z]+)/.exec(req.url ?? '')?.[1];
    if (method !== undefined && method.toLowerCase() !== 'getupdates') {
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        const chunk = args[0];
        if (typeof chunk === 'string' && res.statusCode === 200) {
          try {
            inspect(method, chunk);
          } catch {
            // Not JSON: not a call we time.
          }
        }
        return end(...args);
      }) as ServerResponse['end'];
    }
    for (const listener of original) listener.call(server, req, res);
  });

  return {
    calls,
    on(chatId, listener) {
      let set = listeners.get(chatId);
      if (set === undefined) {
        set = new Set();
        listeners.set(chatId, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

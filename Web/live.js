// The page's side of the one shared event stream: a SharedWorker, else Web Locks electing one tab that
// holds the stream and passes its events to the others on a BroadcastChannel, else a stream of our own.

const types = ['change', 'store-error', 'store-recovered', 'reload', 'document-error', 'snapshot'];

function ownStream(deliver, after) {
  let source = null;
  let first = true;
  const open = () => {
    if (source && source.readyState !== EventSource.CLOSED) return;
    source = new EventSource(first && after ? `/api/events?after=${encodeURIComponent(after)}` : '/api/events');
    first = false;
    deliver({ kind: 'state', state: 'connecting' });
    source.onopen = () => deliver({ kind: 'state', state: 'open' });
    source.onerror = () => {
      const closed = source.readyState === EventSource.CLOSED;
      if (closed) source = null;
      deliver({ kind: 'state', state: closed ? 'closed' : 'connecting' });
    };
    for (const type of types) {
      source.addEventListener(type, (event) => deliver({ kind: 'event', type, id: event.lastEventId, data: event.data }));
    }
  };
  return { open, reconnect: () => { if (source) source.close(); source = null; open(); } };
}

/**
 * Connects to the event stream; `onMessage` gets `{kind: 'event', type, id, data}` and `{kind: 'state', state}`
 * (`connecting`, `open`, `closed`); `after` is the event id the page was drawn at (nothing after it is
 * missed). Returns `{mode, reconnect()}`.
 */
export function connectEvents(onMessage, after = 0) {
  if (typeof SharedWorker === 'function') {
    try {
      const worker = new SharedWorker('/events-worker.js', { name: 'settings-events' });
      worker.port.onmessage = (message) => onMessage(message.data);
      worker.port.start();
      worker.port.postMessage({ type: 'hello', after });
      addEventListener('pagehide', () => worker.port.postMessage({ type: 'bye' }));
      return { mode: 'shared-worker', reconnect: () => worker.port.postMessage({ type: 'reconnect' }) };
    } catch {
      // A browser that refuses the worker: fall through.
    }
  }
  if (navigator.locks && typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel('settings-events');
    let stream = null;
    let leaderState = 'connecting';
    channel.onmessage = (message) => {
      const kind = message.data && message.data.kind;
      if (kind === 'reconnect-request') {
        if (stream) stream.reconnect();
      } else if (kind === 'state-request') {
        if (stream) channel.postMessage({ kind: 'state', state: leaderState });
      } else {
        onMessage(message.data);
      }
    };
    channel.postMessage({ kind: 'state-request' });
    navigator.locks.request('settings-events-leader', () => new Promise(() => {
      // This tab leads until it closes; then the lock goes to another tab, which opens the stream.
      stream = ownStream((message) => {
        if (message.kind === 'state') leaderState = message.state;
        onMessage(message);
        channel.postMessage(message);
      }, after);
      stream.open();
    }));
    return {
      mode: 'web-locks',
      reconnect: () => (stream ? stream.reconnect() : channel.postMessage({ kind: 'reconnect-request' })),
    };
  }
  const stream = ownStream(onMessage, after);
  stream.open();
  return { mode: 'own-stream', reconnect: () => stream.reconnect() };
}

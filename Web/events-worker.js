// One Server-Sent Events stream for every tab of this browser (a SharedWorker): browsers keep at most six
// HTTP/1.1 connections per host, so a stream per tab would stall the sixth tab and never load the seventh.

const ports = new Set();
const types = ['change', 'store-error', 'store-recovered', 'reload', 'document-error', 'snapshot'];
let source = null;
let state = 'connecting';
// The last events this stream delivered, for a tab that joins after drawing its page from an older
// event id (the server numbers events per run; a new stream starts a new list).
let recent = [];

function broadcast(message) {
  for (const port of ports) port.postMessage(message);
}

function setState(next) {
  state = next;
  broadcast({ kind: 'state', state });
}

function open(after) {
  if (source) return;
  recent = [];
  // `after`: the event id the first tab's page was drawn at, so nothing between the two is missed.
  source = new EventSource(after ? `/api/events?after=${encodeURIComponent(after)}` : '/api/events');
  setState('connecting');
  source.onopen = () => setState('open');
  source.onerror = () => {
    if (source && source.readyState === EventSource.CLOSED) {
      // Refused (a 403 after a restart with a new token): the pages find out why and ask again.
      source = null;
      setState('closed');
    } else {
      setState('connecting');
    }
  };
  for (const type of types) {
    source.addEventListener(type, (event) => {
      const message = { kind: 'event', type, id: event.lastEventId, data: event.data };
      recent.push(message);
      if (recent.length > 1000) recent.shift();
      broadcast(message);
    });
  }
}

self.onconnect = (connection) => {
  const port = connection.ports[0];
  ports.add(port);
  port.onmessage = (message) => {
    const request = message.data || {};
    if (request.type === 'bye') ports.delete(port);
    if (request.type === 'hello') {
      if (source) {
        const after = Number(request.after || 0);
        for (const message of recent) if (Number(message.id) > after) port.postMessage(message);
      } else {
        open(request.after);
      }
    }
    if (request.type === 'reconnect') {
      if (source && source.readyState !== EventSource.OPEN) {
        source.close();
        source = null;
      }
      open();
    }
  };
  port.start();
  port.postMessage({ kind: 'state', state: source ? state : 'connecting', mode: 'shared-worker' });
};

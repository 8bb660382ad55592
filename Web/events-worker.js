// One Server-Sent Events stream for every tab of this browser (a SharedWorker): browsers keep at most six
// HTTP/1.1 connections per host, so a stream per tab would stall the sixth tab and never load the seventh.

const ports = new Set();
const types = ['change', 'store-error', 'store-recovered', 'reload', 'document-error', 'snapshot'];
let source = null;
let state = 'connecting';

function broadcast(message) {
  for (const port of ports) port.postMessage(message);
}

function setState(next) {
  state = next;
  broadcast({ kind: 'state', state });
}

function open() {
  if (source) return;
  source = new EventSource('/api/events');
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
      broadcast({ kind: 'event', type, id: event.lastEventId, data: event.data });
    });
  }
}

self.onconnect = (connection) => {
  const port = connection.ports[0];
  ports.add(port);
  port.onmessage = (message) => {
    const request = message.data || {};
    if (request.type === 'bye') ports.delete(port);
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
  open();
};

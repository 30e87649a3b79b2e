import type { Server } from 'node:http';
import net from 'node:net';

/** Accepted, parsed, answered: checked this often while draining. */
const CHECK_MS = 50;
/** No new connection or request for this long: what was sent has arrived. */
const QUIET_MS = 250;
/** The longest the server keeps accepting after draining starts (load balancers saw /healthz 503). */
const ACCEPT_FOR_MAX_MS = 1_000;
/**
 * A check this late means the event loop was busy (a long render on a loaded machine): connections
 * may wait in the kernel's queue that Node has not taken yet, and timers run before the loop takes
 * them. Such a check decides nothing; the next one comes after the loop has accepted what waited.
 */
const LATE_CHECK_MS = CHECK_MS * 4;

/**
 * Counts the server's connections and requests from the start, and returns the way to stop it
 * without resetting a request a client already sent. A plain `server.close()` would reset both the
 * connections the kernel accepted but Node has not taken yet and those whose request is not read
 * yet (it closes them as idle). Instead: keep accepting until the sent requests have arrived (quiet,
 * bounded), stop listening, let every request in flight be answered, then close the idle keep-alive
 * connections. The returned promise resolves when the last connection is gone.
 */
export function drainable(server: unknown): () => Promise<void> {
  const http = server as Server;
  let inFlight = 0;
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  http.on('connection', touch);
  http.on('request', (_request, response) => {
    inFlight++;
    touch();
    response.once('close', () => {
      inFlight--;
      touch();
    });
  });
  return () =>
    new Promise((resolve) => {
      const started = Date.now();
      let listening = true;
      let lastCheck = started;
      touch();
      const timer = setInterval(() => {
        const late = Date.now() - lastCheck > LATE_CHECK_MS;
        lastCheck = Date.now();
        if (late) return;
        const quiet = Date.now() - lastActivity >= QUIET_MS;
        if (listening) {
          if (!quiet && Date.now() - started < ACCEPT_FOR_MAX_MS) return;
          listening = false;
          touch();
          // net.Server's close: stop listening and leave open connections alone; called back after the last one.
          net.Server.prototype.close.call(http, () => {
            clearInterval(timer);
            resolve();
          });
          return;
        }
        if (inFlight === 0 && quiet) http.closeIdleConnections();
      }, CHECK_MS);
    });
}

import type { Server } from 'node:http';
import net from 'node:net';

/** Accepted, parsed, answered: checked this often while draining. */
const CHECK_MS = 50;
/** No new connection or request for this long: what was sent has arrived. */
const QUIET_MS = 250;
/** The longest the server keeps accepting after draining starts (load balancers saw /healthz 503). */
const ACCEPT_FOR_MAX_MS = 1_000;
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
  let activities = 0;
  const touch = () => {
    lastActivity = Date.now();
    activities++;
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
  /**
   * Runs `step` after the loop's next poll for I/O, unless that poll brought a connection or a
   * request. Timers run before the poll: on a busy machine a connection can wait in the kernel's
   * queue, or an accepted one's request wait unread, for longer than the quiet spell a timer saw.
   * setImmediate runs after the poll, so what was waiting has been taken (and counted) by then.
   */
  const unlessSomethingArrives = (step: () => void) => {
    const seen = activities;
    setImmediate(() => {
      if (activities === seen) step();
    });
  };
  return () =>
    new Promise((resolve) => {
      const started = Date.now();
      let listening = true;
      touch();
      const stopListening = () => {
        if (!listening) return;
        listening = false;
        touch();
        // net.Server's close: stop listening and leave open connections alone; called back after the last one.
        net.Server.prototype.close.call(http, () => {
          clearInterval(timer);
          resolve();
        });
      };
      const timer = setInterval(() => {
        const quiet = Date.now() - lastActivity >= QUIET_MS;
        if (listening) {
          if (quiet) unlessSomethingArrives(stopListening);
          // Accepting for longer than that: what arrives later is the clients' own retry to make.
          else if (Date.now() - started >= ACCEPT_FOR_MAX_MS) setImmediate(stopListening);
          return;
        }
        if (inFlight === 0 && quiet) unlessSomethingArrives(() => http.closeIdleConnections());
      }, CHECK_MS);
    });
}

// Which requests with an `Upgrade` header become WebSocket connections. Node gives every such
// request to the server's 'upgrade' listeners and never to its request handler, so a request that
// asks for another protocol (`Upgrade: h2c`, as `curl --http2` sends on plain http://) or for a
// WebSocket on a route that has none would otherwise get no answer, or an empty one, and its socket,
// out of reach of the server's timeouts, would hold up the emulator's stop. Only a WebSocket
// handshake on a WebSocket route goes on to @hono/node-server's listener; any other is answered as
// the HTTP/1.1 request it also is (a server may ignore Upgrade), and its connection then closes.
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '../../src/api/errors.js';
import { ROUTES } from '../../src/api/routes.js';
import { TUNNEL_PATH_PREFIX } from '../../src/api/tunnel.js';
import { canonicalPath } from './paths.js';

type UpgradeListener = (req: IncomingMessage, socket: Socket, head: Buffer) => void;

/** GET /v1/ws (push) and GET /_emulator/tunnels/<id> (webhook tunnels) are WebSocket endpoints. */
export function isWebSocketRoute(path: string): boolean {
  return path === ROUTES.websocket.path || (path.startsWith(TUNNEL_PATH_PREFIX) && path.length > TUNNEL_PATH_PREFIX.length);
}

/** The canonical path of an upgrade request (paths.ts), the one the router and the guard judge. */
function upgradePath(target: string | undefined): string {
  try {
    return canonicalPath(target ?? '/');
  } catch {
    return '';
  }
}

/**
 * Puts itself in front of the server's upgrade listeners (installed by serve()). closeAll() ends the
 * connections answered plainly that are still open (a long poll, the viewer's event stream): the
 * server's own closeAllConnections() no longer sees a socket once it went to 'upgrade'.
 */
export function routeUpgrades(server: Server, onBug: (e: unknown) => void): { closeAll(): void } {
  const websocket = server.listeners('upgrade') as UpgradeListener[];
  const open = new Set<Socket>();
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (req.method === 'GET' && req.headers.upgrade?.toLowerCase() === 'websocket' && isWebSocketRoute(upgradePath(req.url))) {
      for (const listener of websocket) listener.call(server, req, socket, head);
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    answerPlainly(server, req, socket, onBug);
  });
  return {
    closeAll() {
      for (const socket of open) socket.destroy();
    },
  };
}

function answerPlainly(server: Server, req: IncomingMessage, socket: Socket, onBug: (e: unknown) => void): void {
  socket.on('error', () => socket.destroy());
  // Read on (what follows the request is dropped) so that a client hanging up is seen at once: the
  // answer's stream then ends with the socket, as it would on an ordinary connection.
  socket.once('end', () => socket.destroy());
  socket.resume();
  // The body of such a request is not read by Node's parser (it is left on the socket): one that has
  // a body is refused rather than answered as if it had none.
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody) {
    const error: ErrorBody = {
      success: false,
      error: 'bad_request',
      message: `${req.method} ${req.url} asked to switch protocols (Upgrade: ${req.headers.upgrade}); only GET /v1/ws and tunnel connections switch, to WebSocket.`,
      hint: 'Send the request without the Upgrade and Connection: upgrade headers.',
    };
    const body = JSON.stringify(error);
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    return;
  }
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.once('finish', () => {
    res.detachSocket(socket);
    socket.end();
  });
  try {
    server.emit('request', req, res);
  } catch (e) {
    onBug(e);
    socket.destroy();
  }
}

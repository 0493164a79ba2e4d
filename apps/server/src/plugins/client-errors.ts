import type { Socket } from 'node:net';
import { type ErrorCode, type ErrorEnvelope, errorCatalogue, errorCodes } from '@app/contracts';

/** Only the server says these: the web app never sees a request refused before it is parsed. */
const messages = {
  headersTooLarge:
    'The request line and headers are too large (more than 16 kB): send fewer or shorter cookies or headers.',
  badRequest: 'The request is not valid HTTP.',
  requestTimeout: 'The request took too long to arrive.',
} as const;

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over the limit, bytes that
 * are not HTTP, a request that never finishes arriving) is answered in the app's error envelope
 * too, instead of Node's own body. A socket that is already gone is just closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message] = answerFor(error.code);
  const body = JSON.stringify({
    error: { code, message, category: errorCatalogue[code].category, details: null },
  } satisfies ErrorEnvelope);
  const status = errorCatalogue[code].status;
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

function answerFor(nodeCode: string | undefined): [ErrorCode, string] {
  if (nodeCode === 'HPE_HEADER_OVERFLOW') return [errorCodes.headersTooLarge, messages.headersTooLarge];
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT') return [errorCodes.requestTimeout, messages.requestTimeout];
  return [errorCodes.badRequest, messages.badRequest];
}

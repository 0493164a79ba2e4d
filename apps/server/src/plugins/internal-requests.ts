import type { FastifyRequest } from 'fastify';
import { constantTimeEqual, randomToken } from '../lib/tokens.ts';

/**
 * A mark the server puts on requests it sends to itself (the MCP tools call the REST routes with
 * `inject`), so the API scope neither counts them against the token's rate limit nor records them
 * as route uses: the tool call they serve was counted and recorded once already. The value is
 * random per process and never leaves it, so a caller from outside cannot spoof the mark.
 */
export interface InternalRequestMark {
  /** The header to send on an internal request, and its value. */
  readonly header: string;
  readonly value: string;
  is(request: FastifyRequest): boolean;
}

const markHeader = 'x-internal-call';

export function createInternalRequestMark(): InternalRequestMark {
  const value = randomToken();
  return {
    header: markHeader,
    value,
    is(request) {
      const sent = request.headers[markHeader];
      return typeof sent === 'string' && constantTimeEqual(sent, value);
    },
  };
}

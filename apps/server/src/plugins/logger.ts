import {
  type FastifyBaseLogger,
  type FastifyLogFn,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

const secretQuery = /([?&](?:token|password|code)=)[^&]*/gi;

/** Email links carry their token in the query string; the access log must not. */
export function redactUrl(url: string): string {
  return url.replace(secretQuery, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.current_password',
        '*.new_password',
        '*.token',
        '*.csrfmiddlewaretoken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * One access-log line per request, written when it completes, instead of Fastify's two
 * (incoming + completed). Its fields are flat strings and numbers with the URL's secrets already
 * taken out, so it goes through a child without the redact paths: pino runs each of a line's keys
 * through @pinojs/redact for the `*.` paths, which parses every path again on every line, a cost
 * that counts on the cheapest answers (a revalidated market list, bench/market-list). Error
 * lines carry the error, so they keep the redacting logger.
 */
export class AccessLogController extends LogController {
  private accessLog: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    // The request's own logger holds the level a route may have set; the child, the app's.
    if (!isInfoEnabled(reply.log)) return;
    this.accessLog ??= request.server.log.child({}, { redact: [] });
    this.accessLog.info({ reqId: request.id, ...line }, 'request completed');
  }
}

const upToInfo = new Set(['trace', 'debug', 'info']);

function isInfoEnabled(log: FastifyBaseLogger): boolean {
  return upToInfo.has(log.level);
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * A request's logger, bound to its id, made on its first line. Fastify makes one for every request
 * before the route runs, and pino runs the binding through the redaction paths to make it (a
 * visible share of a revalidated market list's server time), while nearly no request writes a line of its
 * own: the access line has its own child (AccessLogController).
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  fatal: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) =>
    this.made.fatal(obj, msg, ...args);
  error: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) =>
    this.made.error(obj, msg, ...args);
  warn: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) => this.made.warn(obj, msg, ...args);
  info: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) => this.made.info(obj, msg, ...args);
  debug: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) =>
    this.made.debug(obj, msg, ...args);
  trace: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) =>
    this.made.trace(obj, msg, ...args);
  silent: FastifyLogFn = (obj: unknown, msg?: string, ...args: unknown[]) =>
    this.made.silent(obj, msg, ...args);

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

export const requestLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options);

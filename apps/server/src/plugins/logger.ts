import type { FastifyServerOptions } from 'fastify';

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
